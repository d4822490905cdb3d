import { useId, useState, type SyntheticEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { NOTE_MAX, type Note, type NoteTargetType } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useNoteMutations, useNotes } from '../../api/notes';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { formatDateTime } from '../../lib/format';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { ErrorAlert } from '../ErrorAlert';
import { LoadingSpinner } from '../LoadingSpinner';

/** Props of {@link NotesPanel}. */
export interface NotesPanelProps {
  worldId: string;
  /** What the notes are on: the world, or an entity kind. */
  entityType: NoteTargetType;
  /** The entity's id (the world's id for notes on the world). */
  entityId: string;
  /** Classes of the section; default a top margin, for a panel below other content. */
  className?: string;
}

/**
 * "My notes" on an entity page or the world (issue 11, a member's own notes): the signed-in member's private
 * notes on it, newest first, each editable and deletable (asked first), and a box to add one. Every member may
 * write them (a player and a viewer too); nobody else, editors and the owner included, ever reads them. While
 * an editor views the world as a player, the panel is not shown: that player's notes are theirs alone.
 */
export function NotesPanel({ worldId, entityType, entityId, className = 'mt-4' }: NotesPanelProps) {
  const id = useId();
  const access = useWorldAccess(worldId);
  const shown = !access.viewing;
  const notes = useNotes(worldId, entityType, entityId, shown);
  const mutations = useNoteMutations(worldId);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ note: Note; text: string } | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  if (!shown) return null;

  const check = (text: string): string | null => {
    if (text.trim() === '') return 'Note is required.';
    return text.length > NOTE_MAX ? `Note must be no more than ${NOTE_MAX} characters.` : null;
  };

  const handleAdd = async (e: SyntheticEvent) => {
    e.preventDefault();
    const problem = check(draft);
    setDraftError(problem);
    if (problem) return;
    setError(null);
    try {
      await mutations.create.mutateAsync({ entityType, ...(entityType === 'world' ? {} : { entityId }), text: draft });
      setDraft('');
    } catch (err) {
      setError(handleError(err, 'Failed to save. Please try again.'));
    }
  };

  const handleSaveEdit = async () => {
    if (!editing) return;
    const problem = check(editing.text);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      await mutations.update.mutateAsync(editing);
      setEditing(null);
    } catch (err) {
      setError(handleError(err, 'Failed to save. Please try again.'));
    }
  };

  const rows = notes.data?.data ?? [];
  return (
    <section className={className} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h5 mb-1">
        My notes
      </h2>
      <p className="small text-body-secondary">Only you can read these notes.</p>
      <ErrorAlert message={error} onDismiss={() => setError(null)} />
      {notes.isPending && <LoadingSpinner inline label="Loading notes..." />}
      {notes.isError && (
        <ErrorAlert message={handleError(notes.error, 'Failed to load notes. Please try again.')} onRetry={() => void notes.refetch()} />
      )}
      {rows.length > 0 && (
        <ListGroup as="ul" className="mb-3">
          {rows.map((note) => (
            <ListGroup.Item as="li" key={note.noteId}>
              {editing?.note.noteId === note.noteId ? (
                <div className="d-flex flex-column gap-2">
                  <Form.Control
                    as="textarea"
                    rows={3}
                    aria-label="Edit note"
                    value={editing.text}
                    onChange={(e) => setEditing({ note, text: e.target.value })}
                  />
                  <div className="d-flex gap-2">
                    <Button size="sm" onClick={() => void handleSaveEdit()} disabled={mutations.update.isPending}>
                      Save note
                    </Button>
                    <Button size="sm" variant="outline-secondary" onClick={() => setEditing(null)}>
                      Cancel
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="d-flex flex-wrap align-items-start gap-2">
                  <div className="me-auto min-w-0">
                    <div className="text-break" style={{ whiteSpace: 'pre-line' }}>
                      {note.text}
                    </div>
                    <div className="small text-body-secondary">{formatDateTime(note.updatedAt)}</div>
                  </div>
                  <Button size="sm" variant="outline-secondary" onClick={() => setEditing({ note, text: note.text })}>
                    Edit
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => setDeleting(note)}>
                    Delete
                  </Button>
                </div>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <Form noValidate onSubmit={(e) => void handleAdd(e)}>
        <Form.Group className="mb-2" controlId={`${id}-new`}>
          <Form.Label className="small mb-1">New note</Form.Label>
          <Form.Control as="textarea" rows={3} value={draft} onChange={(e) => setDraft(e.target.value)} isInvalid={Boolean(draftError)} />
          {draftError && <div className="invalid-feedback d-block">{draftError}</div>}
        </Form.Group>
        <Button type="submit" variant="outline-primary" size="sm" disabled={mutations.create.isPending}>
          Add note
        </Button>
      </Form>
      <ConfirmDeleteModal
        show={deleting !== null}
        entityType="note"
        entityName={deleting ? deleting.text.slice(0, 50) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await mutations.remove.mutateAsync(deleting);
          setDeleting(null);
        }}
      />
    </section>
  );
}
