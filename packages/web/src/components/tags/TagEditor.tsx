import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { TaggableType } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useEntityTags, useSaveEntityTags } from '../../api/tags';
import { useWorldAccess } from '../../hooks/useWorldAccess';

/** The world's list of an entity type, filtered by a tag; undefined for types listed elsewhere (goals). */
export function taggedListPath(worldId: string, type: TaggableType, tag: string): string | undefined {
  const list: Partial<Record<TaggableType, string>> = {
    character: 'characters',
    item: 'items',
    quest: 'quests',
    event: 'events',
    timeline: 'timelines',
    map: 'maps',
  };
  const segment = list[type];
  return segment ? `/worlds/${worldId}/${segment}?tag=${encodeURIComponent(tag)}` : undefined;
}

/**
 * Parses the tag box: comma-separated, trimmed, blanks dropped.
 * @returns the tags in the order typed (the server keeps one spelling per tag).
 */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** Props of {@link TagEditor}. */
export interface TagEditorProps {
  worldId: string;
  type: TaggableType;
  id: string;
}

/**
 * An entity's tags as badges, each a link to the entity's list filtered by it where the type has a list, with an
 * "Edit tags" button (editors and the owner only) that turns them into one comma-separated box; Save replaces them
 * (issue "Linked lore", tags). Server messages (a tag over 40 characters, more than 20 tags) are shown.
 */
export function TagEditor({ worldId, type, id }: TagEditorProps) {
  const access = useWorldAccess(worldId);
  const tags = useEntityTags(worldId, type, id);
  const save = useSaveEntityTags(worldId, type, id);
  const [draft, setDraft] = useState<string | null>(null);
  // Edit tags replaces the button just pressed with the box: the cursor goes there rather than being lost.
  const inputRef = useRef<HTMLInputElement>(null);
  const editing = draft !== null;
  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  const handleSubmit = (event: SubmitEvent) => {
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
          <Form.Control
            ref={inputRef}
            size="sm"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="villain, magic, west"
          />
          {save.isError && <Form.Text className="text-danger">{handleError(save.error, 'Failed to save tags.')}</Form.Text>}
        </Form.Group>
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save tags
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => {
            setDraft(null);
            save.reset();
          }}
        >
          Cancel
        </Button>
      </Form>
    );
  }
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center">
      <span className="small fw-semibold">Tags:</span>
      {current.length === 0 ? (
        <span className="text-body-secondary small">No tags.</span>
      ) : (
        current.map((tag) => {
          const list = taggedListPath(worldId, type, tag);
          return list ? (
            <Link key={tag} to={list} className="badge text-bg-info text-decoration-none" title={`Every ${type} tagged ${tag}`}>
              {tag}
            </Link>
          ) : (
            <Badge key={tag} bg="info" text="dark">
              {tag}
            </Badge>
          );
        })
      )}
      {access.isEditor && (
        <Button size="sm" variant="link" className="p-0" onClick={() => setDraft(current.join(', '))} disabled={tags.isPending}>
          Edit tags
        </Button>
      )}
    </div>
  );
}
