import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { TaggableType } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useEntityTags, useSaveEntityTags } from '../../api/tags';

/**
 * Parses the tag box: comma-separated, trimmed, blanks dropped.
 * @returns the tags in the order typed (the server keeps one spelling per tag).
 */
export function parseTags(text: string): string[] {
  return text.split(',').map((tag) => tag.trim()).filter((tag) => tag.length > 0);
}

/**
 * An entity's tags as badges, with an Edit button that turns them into one comma-separated box; Save replaces
 * them (issue "Linked lore", tags). Server messages (a tag over 40 characters, more than 20 tags) are shown.
 */
export function EntityTags({ worldId, type, id }: { worldId: string; type: TaggableType; id: string }) {
  const tags = useEntityTags(worldId, type, id);
  const save = useSaveEntityTags(worldId, type, id);
  const [draft, setDraft] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    save.mutate(parseTags(draft), { onSuccess: () => setDraft(null) });
  };

  if (tags.isError) return <p className="small text-danger mb-0">{handleError(tags.error, 'Failed to load tags.')}</p>;
  const current = tags.data?.tags ?? [];
  if (draft !== null) {
    return (
      <Form onSubmit={handleSubmit} className="d-flex flex-wrap gap-2 align-items-start" aria-label="Edit tags">
        <Form.Group controlId={`tags-${id}`} className="flex-grow-1">
          <Form.Label visuallyHidden>Tags (comma-separated)</Form.Label>
          <Form.Control size="sm" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="villain, magic, west" autoFocus />
          {save.isError && <Form.Text className="text-danger">{handleError(save.error, 'Failed to save tags.')}</Form.Text>}
        </Form.Group>
        <Button type="submit" size="sm" disabled={save.isPending}>Save tags</Button>
        <Button size="sm" variant="outline-secondary" onClick={() => { setDraft(null); save.reset(); }}>Cancel</Button>
      </Form>
    );
  }
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center">
      {current.length === 0 ? <span className="text-body-secondary small">No tags.</span> : current.map((tag) => <Badge key={tag} bg="info" text="dark">{tag}</Badge>)}
      <Button size="sm" variant="link" className="p-0" onClick={() => setDraft(current.join(', '))} disabled={tags.isPending}>Edit tags</Button>
    </div>
  );
}
