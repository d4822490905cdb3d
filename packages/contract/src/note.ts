/**
 * A member's own notes (issue 11: a player "may edit … their own notes"): private text any member of a world
 * (owner, editor, player or viewer) writes on the world or on one of its entities. Only the author ever reads
 * them: editors and the owner do not see another member's notes, and "view as" does not show them either.
 * A note on an entity the author can no longer see (it became a secret, or was deleted) is no longer listed.
 */
import { z } from 'zod';
import { enumField, requiredText, uuidField } from './fields.js';
import { listQuerySchema } from './list.js';
import { NOTE_MAX } from './limits.js';

/** What a note is written on: the world itself, or an entity of one of these kinds. */
export const NOTE_TARGET_TYPES = ['world', 'character', 'item', 'quest', 'event', 'timeline', 'map', 'goal'] as const;
export type NoteTargetType = (typeof NOTE_TARGET_TYPES)[number];

/** Most notes one member keeps in one world. */
export const NOTES_PER_MEMBER_MAX = 1000;

/** Messages of notes. */
export const NOTE_MESSAGES = {
  entityRequired: 'Entity is required: the id of the character, item, quest, event, timeline, map or goal the note is on.',
  tooMany: `You can keep at most ${NOTES_PER_MEMBER_MAX} notes in one world. Delete some first.`,
} as const;

const noteText = requiredText('Note', { max: NOTE_MAX }).describe('The note, plain text.');

/** POST /worlds/{worldId}/notes. */
export const NoteCreateSchema = z
  .object({
    entityType: enumField('Entity Type', NOTE_TARGET_TYPES).describe("'world' for a note on the world, else the entity's kind."),
    entityId: uuidField('Entity').optional().describe('The entity the note is on; omit for a note on the world.'),
    text: noteText,
  })
  .superRefine((value, context) => {
    if (value.entityType !== 'world' && value.entityId === undefined) {
      context.addIssue({ code: 'custom', path: ['entityId'], message: NOTE_MESSAGES.entityRequired });
    }
  });
export type NoteCreateInput = z.input<typeof NoteCreateSchema>;

/** PUT /worlds/{worldId}/notes/{noteId}: the note's new text. */
export const NoteUpdateSchema = z.object({ text: noteText });
export type NoteUpdateInput = z.input<typeof NoteUpdateSchema>;

/** A note as its author reads it. For a note on the world, entityId is the world's id. */
export const NoteSchema = z.object({
  noteId: z.string(),
  worldId: z.string(),
  entityType: z.enum(NOTE_TARGET_TYPES),
  entityId: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;

/** Sort fields of the notes list. */
export const NOTE_SORT_FIELDS = ['createdAt', 'updatedAt'] as const;

/** GET /worlds/{worldId}/notes: the caller's notes, optionally of one entity (or of the world). */
export const NoteListQuerySchema = listQuerySchema(NOTE_SORT_FIELDS).extend({
  entityType: enumField('entityType', NOTE_TARGET_TYPES).optional().describe('Only notes on this kind of target.'),
  entityId: uuidField('entityId').optional().describe('Only notes on this entity (with entityType).'),
});
