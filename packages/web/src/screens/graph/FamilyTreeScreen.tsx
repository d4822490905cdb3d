import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { useWorldGraph } from '../../api/graph';
import { handleError } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { entityPath } from '../../lib/entity-path';
import { FamilyTree } from './FamilyTree';
import { FamilyTreeCanvas } from './FamilyTreeCanvas';
import { familyGenerations, familyLinks } from './graph-model';
import './graph.css';

/**
 * /worlds/{worldId}/characters/{characterId}/family (issue "Linked lore"): the character's family tree from the
 * family relationship types of SPEC §5 (Parent to, Child of, Sibling of, immediate, extended and like family), drawn
 * by generations (oldest on top) and listed by generation below; a member opens their page. Only what the reader may
 * see is in the world's graph, so a secret relative is not shown to a player.
 */
export function FamilyTreeScreen() {
  const { worldId = '', characterId = '' } = useParams();
  const navigate = useNavigate();
  const graph = useWorldGraph(worldId);
  const generations = useMemo(() => (graph.data ? familyGenerations(graph.data, characterId) : []), [graph.data, characterId]);
  const links = useMemo(
    () => (graph.data ? familyLinks(graph.data, new Set(generations.flatMap(({ members }) => members.map((member) => member.id)))) : []),
    [graph.data, generations],
  );
  const handleOpen = useCallback((id: string) => void navigate(entityPath(worldId, 'character', id)), [navigate, worldId]);
  const characterPath = `/worlds/${worldId}/characters/${characterId}`;

  if (graph.isPending) return <LoadingSpinner label="Loading the family tree..." />;
  if (graph.isError) {
    return (
      <Container className="py-4">
        <ErrorAlert
          message={handleError(graph.error, 'Failed to load the family tree. Please try again.')}
          onRetry={() => void graph.refetch()}
        />
      </Container>
    );
  }
  const character = graph.data.nodes.find((node) => node.id === characterId && node.type === 'character');
  return (
    <Container fluid="xl" className="py-4">
      <header className="lf-panel mb-3 d-flex flex-wrap align-items-center gap-2">
        <h1 className="h3 mb-0 me-auto">{character ? `Family tree of ${character.name}` : 'Family tree'}</h1>
        <Link to={characterPath} className="btn btn-outline-secondary btn-sm">
          Back to the character
        </Link>
        <Link to={`/worlds/${worldId}/graph`} className="btn btn-outline-secondary btn-sm">
          Web of relationships
        </Link>
      </header>
      {!character ? (
        <ErrorAlert message="Character not found.">
          <Link to={`/worlds/${worldId}/characters`} className="alert-link d-inline-block mt-2">
            Back to the characters
          </Link>
        </ErrorAlert>
      ) : (
        <>
          {generations.some(({ members }) => members.some((member) => member.id !== characterId)) && (
            <FamilyTreeCanvas generations={generations} links={links} characterId={characterId} onOpen={handleOpen} />
          )}
          <section className="lf-panel mt-3" aria-label="Family by generation">
            <FamilyTree worldId={worldId} graph={graph.data} characterId={characterId} />
          </section>
        </>
      )}
    </Container>
  );
}
