import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import type { Character, Quest } from '@loreforge/contract';
import { handleError, retryUnlessMissing } from '../../api/client';
import { useQuest, useQuestActions, useQuestMutations } from '../../api/quests';
import { IfAllowed } from '../../components/access/IfAllowed';
import { CharacterPicker } from '../../components/CharacterPicker';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { EntityHistory } from '../../components/history/EntityHistory';
import { NotesPanel } from '../../components/notes/NotesPanel';
import { usePlayerCharacters } from '../../hooks/usePlayerCharacters';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { TagEditor } from '../../components/tags/TagEditor';
import { ObjectiveList } from './ObjectiveList';
import { QuestStatusBadge } from './QuestStatusBadge';
import { RichText } from '../../components/rich-text/RichText';
import { MentionedIn } from '../../components/rich-text/MentionedIn';
import { ConnectionsPanel } from '../../components/connections/ConnectionsPanel';

/**
 * /worlds/:worldId/quests/:questId: a quest with its objectives (SPEC §4: accepted, abandoned, objective
 * progress updated). The server accepts a pending quest (→ active) and abandons an active one (→ pending), so
 * a pending quest offers Accept (optionally for a character), an active one Abandon, and a completed or failed
 * one says how to take it up again; any 409 message is shown as it comes. Edit and Delete (asked first,
 * irreversible), and the quest's changes with restore for editors (issue 15).
 *
 * Roles (issue 11): editors and the owner see every control. A player accepts a pending quest for one of their
 * own characters and records progress on a quest one of them holds; nothing else. A viewer reads only. Every
 * member keeps private notes on the quest.
 */
export function QuestDetailScreen() {
  const { worldId = '', questId = '' } = useParams();
  const navigate = useNavigate();
  const pickerId = useId();
  const quest = useQuest(worldId, questId);
  const actions = useQuestActions(worldId, questId);
  const { remove } = useQuestMutations(worldId);
  const access = useWorldAccess(worldId);
  const own = usePlayerCharacters(worldId);
  const [characterId, setCharacterId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const list = `/worlds/${worldId}/quests`;

  if (quest.isPending) return <LoadingSpinner label="Loading quest data..." />;
  if (quest.isError) {
    return (
      <Container className="py-4">
        <ErrorAlert
          message={handleError(quest.error, 'Failed to load page data. Please try again.')}
          onRetry={retryUnlessMissing(quest.error, () => void quest.refetch())}
        >
          <Link to={list} className="alert-link d-inline-block mt-2">
            Back to the quests
          </Link>
        </ErrorAlert>
      </Container>
    );
  }
  const q = quest.data;

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(handleError(err, 'An unexpected error occurred.'));
    }
  };

  return (
    <Container className="py-4">
      <div className="lf-panel">
        <header className="d-flex flex-wrap align-items-start gap-2 mb-3">
          <div className="me-auto min-w-0">
            <h1 className="h3 mb-1 text-break">{q.name}</h1>
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <QuestStatusBadge status={q.status} />
              {q.isOptional && (
                <Badge bg="light" text="dark">
                  Optional Quest
                </Badge>
              )}
              {q.difficulty !== null && <span className="small text-body-secondary">Difficulty {q.difficulty}/10</span>}
            </div>
          </div>
          <IfAllowed worldId={worldId} to="manage">
            <Link to={`${list}/${q.questId}/edit`} className="btn btn-outline-primary">
              Edit Quest
            </Link>
            <Button variant="outline-danger" onClick={() => setDeleting(true)}>
              Delete Quest
            </Button>
          </IfAllowed>
        </header>
        {q.descriptionHtml && (
          <div className="mb-4">
            <RichText worldId={q.worldId} html={q.descriptionHtml} />
          </div>
        )}
        <section className="mb-4" aria-label="Tags">
          <TagEditor worldId={worldId} type="quest" id={q.questId} />
        </section>
        <div className="mb-4">
          <ConnectionsPanel worldId={q.worldId} here={{ type: 'quest', id: q.questId }} hereName={q.name} />
        </div>
        <div className="mb-4">
          <MentionedIn worldId={q.worldId} type="quest" id={q.questId} />
        </div>

        <ErrorAlert message={error} onDismiss={() => setError(null)} />

        <QuestTakeUp
          worldId={worldId}
          status={q.status}
          editHref={`${list}/${q.questId}/edit`}
          isEditor={access.isEditor}
          ownCharacters={own.characters}
          pickerId={pickerId}
          characterId={characterId}
          onCharacterChange={setCharacterId}
          pending={actions.accept.isPending || actions.abandon.isPending}
          onAccept={(chosen) => void run(() => actions.accept.mutateAsync(chosen))}
          onAbandon={() => void run(() => actions.abandon.mutateAsync())}
        />

        <ObjectiveList
          quest={q}
          actions={actions}
          onError={setError}
          canManage={access.isEditor}
          mayProgress={access.isEditor || own.holdsQuest(q.questId)}
        />
        <NotesPanel worldId={worldId} entityType="quest" entityId={q.questId} />
        <div className="mt-4">
          <EntityHistory worldId={worldId} type="quest" id={q.questId} updatedAt={q.updatedAt} noun="quest" />
        </div>
        <p className="mt-4 mb-0">
          <Link to={list}>Back to the quests</Link>
        </p>
      </div>
      <ConfirmDeleteModal
        show={deleting}
        entityType="quest"
        entityName={q.name}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          await remove.mutateAsync(q.questId);
          setDeleting(false);
          void navigate(list);
        }}
      />
    </Container>
  );
}

/** Props of {@link QuestTakeUp}. */
interface QuestTakeUpProps {
  worldId: string;
  status: Quest['status'];
  editHref: string;
  isEditor: boolean;
  /** The acting player's characters (none for editors and viewers). */
  ownCharacters: readonly Character[];
  pickerId: string;
  characterId: string;
  onCharacterChange: (characterId: string) => void;
  pending: boolean;
  onAccept: (characterId: string | undefined) => void;
  onAbandon: () => void;
}

/**
 * Accepting and abandoning a quest, by role: editors accept for any character (or none) and abandon; a player
 * accepts only for a character of their own (chosen from theirs; the server refuses any other); a viewer, or a
 * player without a character, sees nothing to do here.
 */
function QuestTakeUp(props: QuestTakeUpProps) {
  const { status, isEditor, ownCharacters, pickerId, characterId, onCharacterChange, pending } = props;
  const playerChoice = ownCharacters.some((c) => c.characterId === characterId) ? characterId : (ownCharacters[0]?.characterId ?? '');
  if (!isEditor && (status !== 'pending' || ownCharacters.length === 0)) return null;
  return (
    <section className="mb-4 p-3 border rounded-3" aria-label="Take up or drop the quest">
      {status === 'active' && (
        <Button variant="warning" disabled={pending} onClick={props.onAbandon}>
          Abandon quest
        </Button>
      )}
      {(status === 'completed' || status === 'failed') && (
        <p className="mb-0">
          This quest is {status}: it can no longer be accepted or abandoned. To take it up again, <Link to={props.editHref}>edit it</Link>{' '}
          and set its status back to pending.
        </p>
      )}
      {status === 'pending' && (
        <div className="d-flex flex-wrap align-items-end gap-2">
          <Form.Group controlId={pickerId} style={{ minWidth: 240 }}>
            {isEditor ? (
              <>
                <Form.Label className="small mb-1">For character (optional)</Form.Label>
                <CharacterPicker worldId={props.worldId} id={pickerId} value={characterId} onChange={onCharacterChange} />
              </>
            ) : (
              <>
                <Form.Label className="small mb-1">For your character</Form.Label>
                <Form.Select value={playerChoice} onChange={(e) => onCharacterChange(e.target.value)}>
                  {ownCharacters.map((c) => (
                    <option key={c.characterId} value={c.characterId}>
                      {c.name}
                    </option>
                  ))}
                </Form.Select>
              </>
            )}
          </Form.Group>
          <Button disabled={pending} onClick={() => props.onAccept(isEditor ? characterId || undefined : playerChoice)}>
            Accept quest
          </Button>
        </div>
      )}
    </section>
  );
}
