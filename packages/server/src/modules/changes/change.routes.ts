/**
 * The change feed of a world (issue 15, docs/live-updates.md): `GET /api/worlds/{worldId}/changes` answers a
 * page of committed changes after a sequence number as JSON, or, asked with `Accept: text/event-stream`, streams
 * them as Server-Sent Events (`id:` the sequence, `Last-Event-ID` resumes, heartbeat comments, presence events).
 * Any member may read it; the visibility rule hides changes of entities the reader may not see.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChangesQuerySchema, ErrorResponseSchema, LIVE_MESSAGES, WorldChangePageSchema } from '@loreforge/contract';
import { AppError, badRequest } from '../../errors/app-error.js';
import { WorldParams, errorResponses } from '../../lib/route-parts.js';
import { ChangeHub, type Subscriber, TooManyStreams } from './change-hub.js';
import { findLastSequence, listVisibleChanges } from './change.repository.js';
import { type FeedPositions, feedPositions } from './feed-cursor.js';

const tags = ['live'];

/** Limits of the live streams (config liveStreamsPerUser, liveHeartbeatMs). */
export interface LiveOptions {
  streamsPerUser: number;
  heartbeatMs: number;
}

/**
 * Reads a `Last-Event-ID` header: undefined when absent or empty.
 * @throws AppError 400 LIVE_MESSAGES.lastEventIdInvalid when it is not a whole number of 0 or more.
 */
function parseLastEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value.trim());
  if (!/^\d{1,16}$/.test(value.trim()) || !Number.isSafeInteger(number))
    throw badRequest(LIVE_MESSAGES.lastEventIdInvalid, { 'last-event-id': LIVE_MESSAGES.lastEventIdInvalid });
  return number;
}

/**
 * The log position a number the reader sent names (docs/live-updates.md "Positions").
 * @throws AppError 400 with `message` when it is not a position of this reader's feed.
 */
function readPosition(positions: FeedPositions, value: number, field: string, message: string): number {
  const position = positions.read(value);
  if (position === undefined) throw badRequest(message, { [field]: message });
  return position;
}

const wantsStream = (accept: string | undefined): boolean => accept?.includes('text/event-stream') === true;

export const changeRoutes: FastifyPluginAsyncZod<LiveOptions> = async (app, options) => {
  const hub = new ChangeHub(app.db, app.worldSignals, { ...options, cursorKey: app.feedCursorKey, logger: app.log });
  // Before the server stops accepting: open streams would otherwise hold its close until they end by themselves.
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/worlds/:worldId/changes',
    {
      schema: {
        tags,
        summary: "Read a world's committed changes after a sequence number, as a page or a live stream",
        description:
          'Each committed write as `{sequence, entityType, entityId, action, by, at}`, oldest first, at most `limit` of them. Read on with ' +
          '`after` set to `nextAfter` until `hasMore` is false. Changes of entities you may not see are left out, and nothing in an answer ' +
          'tells they exist: a page is counted in changes you may see, and for players and viewers `sequence` is an opaque position of ' +
          "their own (not ordered, no gaps to count; editors and the owner get the world's own numbers). Pass positions back unchanged; " +
          `one that is not yours is a 400 '${LIVE_MESSAGES.afterUnknown}'.\n\nSent with \`Accept: text/event-stream\`, the answer is a ` +
          'Server-Sent Events stream instead: `event: change` with the change as `data` and its `sequence` as `id`, from after ' +
          '`Last-Event-ID` (or `after`; by default from now on); `event: presence` with `{data: [presence]}` whenever who is here changes; ' +
          'a comment line every 15 seconds. A stream ends when you stop being a member. A client that stops reading is sent nothing ' +
          `more until it reads again; then the stream goes on from where it was. Over the per-user limit of open streams the answer is 429 '${LIVE_MESSAGES.tooManyStreams(10)}' (with your limit).`,
        params: WorldParams,
        querystring: ChangesQuerySchema,
        response: { 200: WorldChangePageSchema, ...errorResponses, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const world = request.world;
      const positions = feedPositions(app.feedCursorKey, world);
      if (!wantsStream(request.headers.accept)) {
        const { limit } = request.query;
        const after = readPosition(positions, request.query.after, 'after', LIVE_MESSAGES.afterUnknown);
        const scan = await listVisibleChanges(app.db, world, world.world.id, after, limit);
        // Where the next page starts is the last change answered (or `after`): a position past hidden changes would show them.
        const nextAfter = scan.rows.at(-1)?.sequence ?? after;
        return {
          data: scan.rows.map((row) => Object.assign({}, row, { sequence: positions.show(row.sequence) })),
          nextAfter: positions.show(nextAfter),
          hasMore: scan.hasMore,
        };
      }

      // Where to start: after Last-Event-ID (a reconnecting client), else after `after` when given, else from now on.
      const afterGiven = new URL(request.url, 'http://localhost').searchParams.has('after');
      const lastEventId = parseLastEventId(request.headers['last-event-id']);
      const resumeFrom =
        lastEventId !== undefined
          ? readPosition(positions, lastEventId, 'last-event-id', LIVE_MESSAGES.lastEventIdUnknown)
          : afterGiven
            ? readPosition(positions, request.query.after, 'after', LIVE_MESSAGES.afterUnknown)
            : undefined;
      // An id from the future (another world's, a typo) would hold changes back until the log caught up with it.
      const last = await findLastSequence(app.db, world.world.id);
      const cursor = resumeFrom === undefined ? last : Math.min(resumeFrom, last);
      const raw = reply.raw;
      let ended = false;
      const subscriber: Subscriber = {
        worldId: world.world.id,
        userId: world.userId,
        scope: world,
        positions,
        cursor,
        paused: false,
        write: (frame) => (ended ? false : raw.write(frame)),
        end: () => {
          if (ended) return;
          ended = true;
          raw.end();
        },
      };
      try {
        hub.add(subscriber);
      } catch (error) {
        if (error instanceof TooManyStreams) throw new AppError(429, 'RATE_LIMITED', LIVE_MESSAGES.tooManyStreams(options.streamsPerUser));
        throw error;
      }
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies such as nginx would otherwise hold events back in their buffers.
        'x-accel-buffering': 'no',
      });
      // Tells EventSource clients to wait 2 s before reconnecting, and opens the stream at once.
      raw.write('retry: 2000\n: connected\n\n');
      const close = (): void => {
        ended = true;
        hub.remove(subscriber);
      };
      raw.on('close', close);
      raw.on('error', close);
      // A client that stopped reading is sent nothing more until it has read what it holds; then the hub reads on from the log.
      raw.on('drain', () => hub.resume(subscriber));
      return reply;
    },
  );
};
