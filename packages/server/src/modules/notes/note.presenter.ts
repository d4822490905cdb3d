/** Turns a `member_note` row into the API's Note (contract NoteSchema), whitelisting fields. */
import type { Note, NoteTargetType } from '@loreforge/contract';
import type { MemberNoteTable } from '../../db/tables/member-note.table.js';

/** @returns the note as its author reads it. */
export function presentNote(row: MemberNoteTable): Note {
  return {
    noteId: row.id,
    worldId: row.world_id,
    entityType: row.entity_type as NoteTargetType,
    entityId: row.entity_id,
    text: row.body,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
