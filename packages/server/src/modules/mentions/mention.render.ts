/**
 * Mentions rendered for the reader in every answer (issue "Linked lore", docs/rich-text.md). A preSerialization
 * hook finds each rich text field (`descriptionHtml`) of an answer, whatever the route (one entity, a page of a
 * list, a search, an export), looks up every entity they mention in one query per mentioned type through
 * visibility.ts, and rewrites each mention: the target's current name when the reader may see it, its plain label
 * (no link, no id) when it is gone, of another world or hidden. Presenters stay synchronous and never forget it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { MENTION_MARKER, type MentionRef, extractMentions, mentionKey, rewriteMentions } from '../../lib/rich-text/mention-markup.js';
import type { ReadScope, WorldScope } from '../../access/world-scope.js';
import { type MentionTarget, findMentionTargets } from './mention.repository.js';

/** Keys of answers that hold rich text. */
const RICH_TEXT_KEYS = new Set(['descriptionHtml', 'gmNotesHtml']);
/** Deepest level of an answer searched for rich text (answers are shallow; this bounds a pathological one). */
const MAX_DEPTH = 12;

/**
 * Answers already searched and found to hold no mention. Answers are never changed once built (the read cache
 * hands the same object to every reader of a version), so a kept answer is searched once, not on every hit.
 */
const withoutMentions = new WeakSet<object>();

/** Collects the rich text values that hold a mention. */
function collect(value: unknown, found: string[], depth: number): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, found, depth + 1);
    return;
  }
  // for...in over a plain answer object: its own fields only, without the array Object.entries makes per object.
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key];
    if (RICH_TEXT_KEYS.has(key)) {
      if (typeof child === 'string' && child.includes(MENTION_MARKER)) found.push(child);
    } else if (child !== null && typeof child === 'object') {
      collect(child, found, depth + 1);
    }
  }
}

/** A copy of the answer with every rich text rewritten; parts without any are shared, never changed in place (they may be cached). */
function rewrite(value: unknown, render: (html: string) => string, depth: number): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => rewrite(item, render, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    copy[key] = RICH_TEXT_KEYS.has(key) && typeof child === 'string' ? render(child) : rewrite(child, render, depth + 1);
  }
  return copy;
}

/**
 * Renders the mentions of an answer for its reader.
 * @param scope the reader's world scope; null on routes without a world in the path (every mention is then plain text).
 * @returns the answer itself when it holds no mention, else a rewritten copy.
 */
export async function renderMentions(db: Db, scope: WorldScope | null, payload: unknown): Promise<unknown> {
  return renderMentionsIn(db, scope, scope?.world.id ?? null, payload);
}

/**
 * Renders the mentions of any value holding `descriptionHtml` fields (an answer, a page of export records) for a
 * reader of one world: as renderMentions, for callers that hold a read scope and a world id rather than a request.
 * @param worldId the world the mentions must belong to; null (or scope null) turns every mention into plain text.
 * @returns the value itself when it holds no mention, else a rewritten copy.
 */
export async function renderMentionsIn<T>(db: Db, scope: ReadScope | null, worldId: string | null, payload: T): Promise<T> {
  const answer = typeof payload === 'object' && payload !== null ? payload : undefined;
  if (answer && withoutMentions.has(answer)) return payload;
  const found: string[] = [];
  collect(payload, found, 0);
  if (found.length === 0) {
    if (answer) withoutMentions.add(answer);
    return payload;
  }
  const refs: MentionRef[] = found.flatMap((html) => extractMentions(html));
  const targets =
    scope === null || worldId === null ? new Map<string, MentionTarget>() : await findMentionTargets(db, scope, worldId, refs);
  return rewrite(payload, (html) => rewriteMentions(html, (ref) => targets.get(mentionKey(ref.type, ref.id)) ?? null), 0) as T;
}

/**
 * The preSerialization hook of the protected routes: renders mentions (see renderMentions) in successful answers.
 * @returns the answer to serialise.
 */
export function mentionRenderHook(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (reply.statusCode >= 300) return payload;
    // Routes without a world in the path leave request.world as decorated: null.
    const scope = request.world as WorldScope | null;
    return renderMentions(db, scope, payload);
  };
}
