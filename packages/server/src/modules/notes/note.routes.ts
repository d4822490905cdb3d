/**
 * A member's own notes (issue 11: a player edits "their own notes"): GET/POST /worlds/{worldId}/notes and
 * GET/PUT/DELETE /worlds/{worldId}/notes/{noteId}. Every member (owner, editor, player, viewer) writes notes on
 * the world or on an entity they can see; only the author reads them. Another member's note, and a note whose
 * entity the author can no longer see, answer 404 like a missing one.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  NOTE_MESSAGES,
  NOTES_PER_MEMBER_MAX,
  NoteCreateSchema,
  NoteListQuerySchema,
  NoteSchema,
  NoteUpdateSchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import type { MemberNoteTable } from '../../db/tables/member-note.table.js';
import { badRequest, conflict, notFound } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { nowIso } from '../../lib/time.js';
import { IfMatchHeaders, parseIfMatch, staleVersionMessage } from '../../lib/versioned-update.js';
import { requireNote } from './note.access.js';
import { presentNote } from './note.presenter.js';
import { countAuthorNotes, deleteNote, insertNote, isNoteTargetVisible, listNotes, updateNoteBody } from './note.repository.js';

const NoteParams = WorldParams.extend({ noteId: uuidField('noteId') });
const tags = ['notes'];
const writeErrors = { ...errors, 409: ErrorResponseSchema };

/**
 * Checks If-Match against the note's version (a note has one author, who may still edit it in two tabs).
 * @throws AppError 409 when the caller's version is not the current one.
 */
function checkVersion(request: FastifyRequest, note: MemberNoteTable): void {
  const versions = parseIfMatch(request);
  if (versions !== undefined && !versions.includes(note.updated_at)) throw conflict(staleVersionMessage('note'));
}

/** A version strictly later than `previous`, even within one millisecond (the ETag must move). */
function nextVersion(previous: string): string {
  const now = nowIso();
  return now > previous ? now : new Date(Date.parse(previous) + 1).toISOString();
}

/** Registers the note routes; the world scope step has checked membership (404 otherwise). */
export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/notes',
    {
      schema: {
        tags,
        summary: 'List your own notes in a world, optionally those on one entity (or on the world)',
        description:
          "Only your notes: no member, editors and the owner included, reads another member's notes. Notes on an entity you can no longer see are left out.",
        params: WorldParams,
        querystring: NoteListQuerySchema,
        response: { 200: listResponseSchema(NoteSchema), ...errors },
      },
    },
    async (request) => listReply(await listNotes(app.db, request.world, request.query), presentNote),
  );

  app.post(
    '/worlds/:worldId/notes',
    {
      schema: {
        tags,
        summary: 'Write a note of your own on the world or on an entity you can see',
        description: `Any member may. 404 when the entity is missing or hidden from you; 400 past ${NOTES_PER_MEMBER_MAX} notes in one world.`,
        params: WorldParams,
        body: NoteCreateSchema,
        response: { 201: NoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = request.world;
      const { entityType, text } = request.body;
      const entityId = entityType === 'world' ? scope.world.id : (request.body.entityId ?? '').toLowerCase();
      const note = await app.db.transaction().execute(async (trx) => {
        if (entityType !== 'world' && !(await isNoteTargetVisible(trx, scope, entityType, entityId))) {
          throw notFound(`${entityType.charAt(0).toUpperCase()}${entityType.slice(1)}`);
        }
        if ((await countAuthorNotes(trx, scope.world.id, scope.userId)) >= NOTES_PER_MEMBER_MAX) throw badRequest(NOTE_MESSAGES.tooMany);
        const now = nowIso();
        const row: MemberNoteTable = {
          id: newId(),
          world_id: scope.world.id,
          author_id: scope.userId,
          entity_type: entityType,
          entity_id: entityId,
          body: text,
          created_at: now,
          updated_at: now,
        };
        await insertNote(trx, row);
        return row;
      });
      return reply.status(201).send(presentNote(note));
    },
  );

  app.get(
    '/worlds/:worldId/notes/:noteId',
    {
      schema: { tags, summary: 'One of your notes', params: NoteParams, response: { 200: NoteSchema, ...errors } },
    },
    async (request) => presentNote(await requireNote(app.db, request.world, request.params.noteId)),
  );

  app.put(
    '/worlds/:worldId/notes/:noteId',
    {
      schema: {
        tags,
        summary: "Replace one of your notes' text",
        params: NoteParams,
        headers: IfMatchHeaders,
        body: NoteUpdateSchema,
        response: { 200: NoteSchema, ...writeErrors },
      },
    },
    async (request) =>
      app.db.transaction().execute(async (trx) => {
        const note = await requireNote(trx, request.world, request.params.noteId);
        checkVersion(request, note);
        const updatedAt = nextVersion(note.updated_at);
        await updateNoteBody(trx, note.id, request.body.text, updatedAt);
        return presentNote({ ...note, body: request.body.text, updated_at: updatedAt });
      }),
  );

  app.delete(
    '/worlds/:worldId/notes/:noteId',
    {
      schema: {
        tags,
        summary: 'Delete one of your notes',
        params: NoteParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...writeErrors },
      },
    },
    async (request, reply) => {
      await app.db.transaction().execute(async (trx) => {
        const note = await requireNote(trx, request.world, request.params.noteId);
        checkVersion(request, note);
        await deleteNote(trx, note.id);
      });
      return reply.status(204).send(null);
    },
  );
};
