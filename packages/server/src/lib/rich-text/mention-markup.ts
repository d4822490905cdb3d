/**
 * The stored shape of a mention (docs/rich-text.md) and the string operations on sanitised HTML that rely on it:
 * `<span data-type="mention" data-entity-type="<type>" data-id="<uuid>">Label</span>`, with the label as escaped
 * text. Only HTML that went through sanitizeRichText is ever passed here: there a `<` starts a tag, never text,
 * so the pattern cannot be fooled by text that looks like a mention.
 */
import type { MentionEntityType } from '@loreforge/contract';

/** What every stored mention contains; HTML without it holds no mention (a cheap test before any work). */
export const MENTION_MARKER = 'data-type="mention"';

/** A whole mention: groups 1 type, 2 id, 3 the escaped label. Global: use with replace or matchAll. */
export const MENTION_PATTERN = /<span data-type="mention" data-entity-type="([A-Za-z]+)" data-id="([0-9a-f-]{36})">([^<]*)<\/span>/g;

/** A mentioned entity. */
export interface MentionRef {
  type: MentionEntityType;
  id: string;
}

/** The key of a mention target in maps: `type:id`. */
export const mentionKey = (type: string, id: string): string => `${type}:${id}`;

/**
 * The distinct entities a sanitised HTML mentions, in order of first mention.
 * @param html sanitised HTML or null.
 */
export function extractMentions(html: string | null | undefined): MentionRef[] {
  if (!html?.includes(MENTION_MARKER)) return [];
  const seen = new Map<string, MentionRef>();
  for (const match of html.matchAll(MENTION_PATTERN)) {
    const [, type, id] = match;
    if (type !== undefined && id !== undefined) seen.set(mentionKey(type, id), { type: type as MentionEntityType, id });
  }
  return [...seen.values()];
}

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** What a mention becomes: `{ name, parentId }` to render it as a link with that name, or null for its plain label. */
export type MentionResolver = (ref: MentionRef) => { name: string; parentId: string | null } | null;

/**
 * Rewrites every mention of a sanitised HTML: a resolved one shows the current name (and `data-parent-id`, the map
 * of a point or area, when there is one), an unresolved one becomes its stored label as plain text, with no id.
 * @returns new HTML; the input when it holds no mention.
 */
export function rewriteMentions(html: string, resolve: MentionResolver): string {
  if (!html.includes(MENTION_MARKER)) return html;
  return html.replace(MENTION_PATTERN, (_match, type: string, id: string, label: string) => {
    const target = resolve({ type: type as MentionEntityType, id });
    if (!target) return label;
    const parent = target.parentId ? ` data-parent-id="${escapeHtml(target.parentId)}"` : '';
    return `<span data-type="mention" data-entity-type="${type}" data-id="${id}"${parent}>${escapeHtml(target.name)}</span>`;
  });
}

/**
 * Keeps the mentions `keep` accepts exactly as they are and turns the others into their plain label (for writes:
 * a mention of something missing or hidden is not stored as a mention).
 * @returns new HTML; the input when it holds no mention.
 */
export function keepMentions(html: string, keep: (ref: MentionRef) => boolean): string {
  if (!html.includes(MENTION_MARKER)) return html;
  return html.replace(MENTION_PATTERN, (match, type: string, id: string, label: string) =>
    keep({ type: type as MentionEntityType, id }) ? match : label,
  );
}
