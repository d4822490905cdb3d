import { useState } from 'react';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useCharacter, useCharacterMutations } from '../../../api/characters';
import { handleError, notFoundMessage } from '../../../api/client';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { IfAllowed } from '../../../components/access/IfAllowed';
import { NotesPanel } from '../../../components/notes/NotesPanel';
import { SecretBadge } from '../../../components/access/SecretBadge';
import { EntityTabsPage } from '../../../components/entity-view/EntityTabsPage';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import type { CharacterOutlet } from './CharacterPages';
import { MoveCharacterModal } from './MoveCharacterModal';
import { TagEditor } from '../../../components/tags/TagEditor';

const TABS = [
  { path: 'details', label: 'Details' },
  { path: 'inventory', label: 'Inventory' },
  { path: 'goals', label: 'Goals' },
  { path: 'relationships', label: 'Relationships' },
  { path: 'history', label: 'History' },
] as const;

/**
 * /worlds/:worldId/characters/:characterId (SPEC §2): the character's name with Edit, Move and Delete, and
 * tabs Details (default), Inventory, Goals, Relationships and History (its changes with restore, issue 15, then the
 * timeline engine's story history), each at its own URL
 * with its nested create, view and edit pages (routes/character-routes.tsx, rendered in the tab panel). Loading failures show the server message or 'Failed to load character or world data.
 * Please try again.'; deletion asks first and says it is irreversible.
 */
export function CharacterScreen() {
  const { worldId = '', characterId = '' } = useParams();
  const navigate = useNavigate();
  const query = useCharacter(worldId, characterId);
  const { remove } = useCharacterMutations(worldId);
  const [deleting, setDeleting] = useState(false);
  const [moving, setMoving] = useState(false);
  const base = `/worlds/${worldId}/characters/${characterId}`;

  if (query.isPending) return <LoadingSpinner label="Loading character..." />;
  if (query.isError) {
    const missing = notFoundMessage(query.error, 'Character not found.');
    return (
      <Container className="py-4">
        <ErrorAlert
          message={missing ?? handleError(query.error, 'Failed to load character or world data. Please try again.')}
          onRetry={missing ? undefined : () => void query.refetch()}
        >
          <Link to={`/worlds/${worldId}/characters`} className="alert-link d-inline-block mt-2">
            Back to the characters
          </Link>
        </ErrorAlert>
      </Container>
    );
  }
  const character = query.data;

  return (
    <EntityTabsPage
      kind="Character"
      name={character.name}
      base={base}
      tabs={TABS}
      actions={
        <>
          <SecretBadge entity={character} />
          <Link to={`${base}/family`} className="btn btn-outline-light">
            Family tree
          </Link>
          <IfAllowed worldId={worldId} to="edit" entity={character}>
            <Link to={`${base}/edit`} className="btn btn-light">
              Edit Character
            </Link>
          </IfAllowed>
          <IfAllowed worldId={worldId} to="manage">
            <Button variant="outline-light" onClick={() => setMoving(true)}>
              Move to World
            </Button>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Delete Character
            </Button>
          </IfAllowed>
        </>
      }
      after={
        <>
          <section className="lf-panel mt-3" aria-label="Tags">
            <TagEditor worldId={worldId} type="character" id={character.characterId} />
          </section>
          <section className="lf-panel mt-3">
            <NotesPanel worldId={worldId} entityType="character" entityId={character.characterId} className="" />
          </section>
          <MoveCharacterModal
            character={character}
            show={moving}
            onClose={() => setMoving(false)}
            onMoved={(target) => {
              setMoving(false);
              void navigate(`/worlds/${target}/characters/${character.characterId}`, { replace: true });
            }}
          />
          <ConfirmDeleteModal
            show={deleting}
            entityType="character"
            entityName={character.name}
            failureFallback="Failed to delete character. Please try again."
            onCancel={() => setDeleting(false)}
            onConfirm={async () => {
              await remove.mutateAsync(character.characterId);
              setDeleting(false);
              void navigate(`/worlds/${worldId}/characters`, { replace: true });
            }}
          />
        </>
      }
    >
      <Outlet context={{ worldId, character } satisfies CharacterOutlet} />
    </EntityTabsPage>
  );
}
