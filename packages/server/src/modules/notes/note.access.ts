/** Loads a member's own notes inside an already-authorised world, answering 404 for anyone else's. */
import type { Db } from '../../db/database.js';
import type { MemberNoteTable } from '../../db/tables/member-note.table.js';
import { notFound } from '../../errors/app-error.js';
import type { WorldScope } from '../../access/world-scope.js';
import { findNote } from './note.repository.js';

/** @returns the caller's note. @throws AppError 404 'Note not found.' for a missing note, another member's, or one on a hidden entity. */
export async function requireNote(db: Db, scope: WorldScope, noteId: string): Promise<MemberNoteTable> {
  const note = await findNote(db, scope, noteId.toLowerCase());
  if (!note) throw notFound('Note');
  return note;
}
