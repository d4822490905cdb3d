/**
 * The server's sanitiser of rich text (issue "Linked lore", docs/rich-text.md): an allow-list over sanitize-html.
 * Whatever comes in, what goes out holds only headings, paragraphs, bold, italic, underline, strike, code, lists,
 * quotes, rules, links (http, https, mailto or a site path, with rel="noopener noreferrer nofollow"), tables, images
 * (https or a map image of this site, never `data:`) and mention spans in their one stored shape. No attribute
 * outside the list survives (no event handlers, no style, no class), and script, style, SVG, iframes and the like
 * are dropped with their content.
 */
import sanitizeHtml from 'sanitize-html';
import { MENTION_ENTITY_TYPES } from '@loreforge/contract';
import { MENTION_PATTERN, MENTION_MARKER } from './mention-markup.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MENTION_TYPES = new Set<string>(MENTION_ENTITY_TYPES);
/** A relative image source may only be a map image of this site (GET …/maps/{mapId}/image). */
const MAP_IMAGE_PATH = /^\/api\/worlds\/[0-9a-f-]{36}\/maps\/[0-9a-f-]{36}\/image$/i;
/**
 * What a refused link or span becomes: a bare span, which keeps its text and means nothing. (Renaming a tag to one
 * outside the allow-list would drop it, but sanitize-html then closes a later tag of the same depth wrongly.)
 */
const BARE = { tagName: 'span', attribs: {} };
/** Deepest nesting kept; deeper tags are dropped (their text stays), so hostile nesting cannot blow up a parser. */
const NESTING_LIMIT = 40;

const TEXT_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
];
const TABLE_TAGS = ['table', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

const isAllowedImage = (src: string | undefined): boolean =>
  src !== undefined && (/^https:\/\/[^\s/]/i.test(src) || MAP_IMAGE_PATH.test(src));

const isAllowedLink = (href: string | undefined): boolean =>
  href !== undefined && (/^(https?:\/\/[^\s/]|mailto:)/i.test(href) || /^\/(?!\/)/.test(href));

const BASE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...TABLE_TAGS, 'a', 'img', 'span'],
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt', 'title'],
    span: ['data-type', 'data-entity-type', 'data-id'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nestingLimit: NESTING_LIMIT,
  transformTags: {
    a: (_tag, attribs) =>
      isAllowedLink(attribs.href) ? { tagName: 'a', attribs: { href: attribs.href ?? '', rel: 'noopener noreferrer nofollow' } } : BARE,
    img: (_tag, attribs) => {
      // An image without an allowed source loses it, and exclusiveFilter then removes the image.
      const kept: Record<string, string> = { src: isAllowedImage(attribs.src) ? (attribs.src ?? '') : '' };
      if (attribs.alt !== undefined) kept.alt = attribs.alt;
      if (attribs.title !== undefined) kept.title = attribs.title;
      return { tagName: 'img', attribs: kept };
    },
    // Only a mention keeps a span, in one attribute order, so stored mentions match MENTION_PATTERN exactly.
    span: (_tag, attribs) => {
      const type = attribs['data-entity-type'];
      const id = attribs['data-id'];
      if (attribs['data-type'] !== 'mention' || type === undefined || !MENTION_TYPES.has(type) || id === undefined || !UUID.test(id)) {
        return BARE;
      }
      return { tagName: 'span', attribs: { 'data-type': 'mention', 'data-entity-type': type, 'data-id': id.toLowerCase() } };
    },
  },
  // No image without a source (an unsafe one was refused).
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The second pass: every mention span left is one with markup inside; it becomes its text. */
const DROP_MENTIONS: sanitizeHtml.IOptions = {
  ...BASE_OPTIONS,
  transformTags: { ...BASE_OPTIONS.transformTags, span: () => BARE },
};

/**
 * Sanitises rich text for storage.
 * @param html any string (hostile input welcome).
 * @returns HTML of the allow-list only, where every mention is exactly
 * `<span data-type="mention" data-entity-type="…" data-id="…">Label</span>` with plain text inside (a mention span
 * holding markup becomes its text).
 */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html.replaceAll('\u0000', ''), BASE_OPTIONS);
  if (!clean.includes(MENTION_MARKER)) return clean;
  // Well-formed mentions are set aside; any mention span still in the text then holds markup and is flattened.
  const kept: string[] = [];
  const parked = clean.replace(MENTION_PATTERN, (match) => `\u0000${kept.push(match) - 1}\u0000`);
  const flattened = parked.includes(MENTION_MARKER) ? sanitizeHtml(parked, DROP_MENTIONS) : parked;
  // eslint-disable-next-line no-control-regex -- NUL marks the parked mentions: the input had every NUL removed first
  return flattened.replace(/\u0000(\d+)\u0000/g, (_match, index: string) => kept[Number(index)] ?? '');
}
