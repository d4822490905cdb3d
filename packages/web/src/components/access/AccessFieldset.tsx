import { useId } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { AccessInputSchema, type AccessInput, type Visibility } from '@loreforge/contract';
import { useMembers } from '../../api/access';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { RichTextField } from '../rich-text/RichTextField';
import { plainToRichText, richTextToPlain } from '../rich-text/rich-text-dom';

/** The entity a form edits, as far as its access fields go (absent when creating). */
export interface AccessFormTarget {
  worldId: string;
  /** Any entity; its `visibility`, `revealedTo`, `gmNotes` and `gmNotesHtml` are read when the server sent them. */
  entity?: object | null | undefined;
}

/** The access fields an entity carries, when it carries them. */
interface AccessCarrier {
  visibility?: Visibility;
  revealedTo?: readonly string[];
  gmNotes?: string | null;
  gmNotesHtml?: string | null;
}

/** Names of the access fields in a form's values. */
export const ACCESS_NAMES = ['visibility', 'revealedTo', 'gmNotes', 'gmNotesHtml'] as const;

/** The GM notes an entity starts the editor with: its rich notes, or its plain notes as paragraphs. */
export const initialGmNotesHtml = (entity: AccessCarrier | null | undefined): string =>
  entity?.gmNotesHtml ?? plainToRichText(entity?.gmNotes);

/**
 * The GM notes of a form's values: from the rich editor (`gmNotesHtml`, plain notes derived from it) or a plain
 * `gmNotes` value; blank notes are none.
 */
function notesOf(values: Record<string, unknown>): { html: string | null; text: string | null } {
  if (typeof values.gmNotesHtml === 'string') {
    const text = richTextToPlain(values.gmNotesHtml).trim();
    return text === '' ? { html: null, text: null } : { html: values.gmNotesHtml, text };
  }
  const text = typeof values.gmNotes === 'string' && values.gmNotes.trim() !== '' ? values.gmNotes : null;
  return { html: null, text };
}

/**
 * The access fields a form holds, ready for the API: present only when the fieldset was shown (an editor) and
 * something in it changed from the entity's values, empty GM notes sent as null, rich GM notes as `gmNotesHtml`
 * beside their plain text (issue "Linked lore"), Revealed To emptied for an entity everyone sees.
 * @param initial the entity as loaded (absent when creating: everyone, no reveals, no notes).
 * @returns the fields to merge into the payload, or undefined when there is nothing to send.
 */
export function accessValues(values: Record<string, unknown>, initial?: object | null): AccessInput | undefined {
  if (!ACCESS_NAMES.some((name) => name in values && values[name] !== undefined)) return undefined;
  const visibility = values.visibility === 'editors' ? 'editors' : 'everyone';
  const notes = notesOf(values);
  const revealedTo = visibility === 'editors' && Array.isArray(values.revealedTo) ? (values.revealedTo as string[]) : [];
  const before = (initial ?? {}) as AccessCarrier;
  const rich = typeof values.gmNotesHtml === 'string';
  const sameNotes = rich && notes.html !== null ? notes.html === initialGmNotesHtml(before) : notes.text === (before.gmNotes ?? null);
  const unchanged =
    visibility === (before.visibility ?? 'everyone') &&
    sameNotes &&
    JSON.stringify([...revealedTo].sort()) === JSON.stringify([...(before.revealedTo ?? [])].sort());
  if (unchanged) return undefined;
  return AccessInputSchema.parse({ visibility, revealedTo, gmNotes: notes.text, ...(rich ? { gmNotesHtml: notes.html } : {}) });
}

/**
 * Visibility (everyone / editors only), Revealed To (the world's players, for a secret) and GM Notes, on
 * every entity form of a world, for its editors and owner only (issue 11); renders nothing for anyone else,
 * so their saves never carry these fields.
 */
export function AccessFieldset({ control, target }: { control: Control; target: AccessFormTarget }) {
  const id = useId();
  const access = useWorldAccess(target.worldId);
  const members = useMembers(access.isEditor && access.role ? target.worldId : undefined);
  const visibility = useWatch({ control, name: 'visibility' }) as Visibility | undefined;
  if (!access.isEditor || !access.role) return null;
  const players = (members.data ?? []).filter((member) => member.role === 'player');
  const entity = target.entity as AccessCarrier | null | undefined;
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="float-none w-auto px-2 fs-6 fw-semibold mb-0">Secrets</legend>
      <Form.Group className="mb-3" controlId={`${id}-visibility`}>
        <Form.Label>Visibility</Form.Label>
        <Controller
          control={control}
          name="visibility"
          defaultValue={entity?.visibility ?? 'everyone'}
          render={({ field }) => (
            <Form.Select {...field} value={String(field.value)}>
              <option value="everyone">Everyone in the world</option>
              <option value="editors">Editors only (a secret)</option>
            </Form.Select>
          )}
        />
      </Form.Group>
      {visibility === 'editors' && (
        <Controller
          control={control}
          name="revealedTo"
          defaultValue={[...(entity?.revealedTo ?? [])]}
          render={({ field }) => {
            const chosen = new Set(Array.isArray(field.value) ? (field.value as string[]) : []);
            return (
              <Form.Group className="mb-3" role="group" aria-labelledby={`${id}-revealed`}>
                <div id={`${id}-revealed`} className="form-label">
                  Revealed to
                </div>
                {players.length === 0 && <Form.Text className="d-block">This world has no players yet.</Form.Text>}
                {players.map((player) => (
                  <Form.Check
                    key={player.userId}
                    id={`${id}-reveal-${player.userId}`}
                    label={player.username}
                    checked={chosen.has(player.userId)}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.target.checked) next.add(player.userId);
                      else next.delete(player.userId);
                      field.onChange([...next]);
                    }}
                  />
                ))}
                <Form.Text className="d-block">Players who found it out; everyone else but editors never learns it exists.</Form.Text>
              </Form.Group>
            );
          }}
        />
      )}
      <Form.Group>
        <Form.Label htmlFor={`${id}-gm-notes`}>GM notes</Form.Label>
        <Controller
          control={control}
          name="gmNotesHtml"
          defaultValue={initialGmNotesHtml(entity)}
          render={({ field }) => (
            <RichTextField
              id={`${id}-gm-notes`}
              label="GM notes"
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              describedBy={`${id}-gm-notes-help`}
            />
          )}
        />
        <Form.Text id={`${id}-gm-notes-help`}>
          Only editors and the owner see these notes; an @ mention here never shows under the mentioned page for players.
        </Form.Text>
      </Form.Group>
    </fieldset>
  );
}
