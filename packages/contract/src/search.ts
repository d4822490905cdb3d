/**
 * One search for a whole world (issue "Linked lore"): GET /worlds/{worldId}/search?q=… over the names and text of
 * every entity type at once, ranked name matches first, then text matches, in the list envelope.
 * Highlights are character offsets into plain text (never markup), so a client renders them as text.
 */
import { z } from 'zod';
import { NAMED_ENTITY_TYPES } from './enums.js';
import { PaginationSchema } from './list.js';
import * as m from './messages.js';

/**
 * Entity types the world search looks in, in the order a tie between equal names is broken: the named ones, then
 * relationships and connections (found by their description and tags; their hit's name reads "Dorothy → Toto,
 * Friend of").
 */
export const SEARCH_ENTITY_TYPES = [...NAMED_ENTITY_TYPES, 'relationship', 'connection'] as const;
export type SearchEntityType = (typeof SEARCH_ENTITY_TYPES)[number];

/**
 * How a hit matched, best first: `exact` name, name `prefix`, name `contains` the query, a `fuzzy` name (a typo
 * away, by trigram similarity), a `tag` starting with the query, or only its `text` (description).
 */
export const SEARCH_MATCH_KINDS = ['exact', 'prefix', 'contains', 'fuzzy', 'tag', 'text'] as const;
export type SearchMatchKind = (typeof SEARCH_MATCH_KINDS)[number];

/** Longest query accepted, in characters. */
export const SEARCH_QUERY_MAX = 200;
/** Most hits one page of the world search holds. */
export const SEARCH_PAGE_MAX = 50;

/** GET /worlds/{worldId}/search query: `q` (required, 1–200 characters once trimmed), `page` and `limit` (1–50, default 10). */
export const WorldSearchQuerySchema = z.object({
  q: z
    .string({ error: () => m.required('q') })
    .trim()
    .min(1, m.required('q'))
    .max(SEARCH_QUERY_MAX, m.maxLength('q', SEARCH_QUERY_MAX))
    .describe(
      'What to find: names and descriptions of every entity of the world. One or two characters find the start of names only; a name a typo away is offered when no name contains q.',
    ),
  page: z.coerce
    .number({ error: () => m.mustBeNumber('page') })
    .int(m.mustBeWholeNumber('page'))
    .min(1, m.atLeast('page', 1))
    .max(1_000_000, m.noMoreThan('page', 1_000_000))
    .default(1)
    .describe('Page number, starting at 1.'),
  limit: z.coerce
    .number({ error: () => m.mustBeNumber('limit') })
    .int(m.mustBeWholeNumber('limit'))
    .min(1, m.atLeast('limit', 1))
    .max(SEARCH_PAGE_MAX, m.noMoreThan('limit', SEARCH_PAGE_MAX))
    .default(10)
    .describe(`Page size, 1 to ${SEARCH_PAGE_MAX}.`),
});
export type WorldSearchQuery = z.input<typeof WorldSearchQuerySchema>;

/** A highlighted run of text: characters [start, end) of the string it belongs to (UTF-16 offsets, as JavaScript counts). */
export const TextRangeSchema = z.object({ start: z.number().int(), end: z.number().int() });
export type TextRange = z.infer<typeof TextRangeSchema>;

/** Plain text with the ranges that matched the query. */
export const HighlightedTextSchema = z.object({
  text: z.string(),
  highlights: z.array(TextRangeSchema),
});
export type HighlightedText = z.infer<typeof HighlightedTextSchema>;

/** One hit of the world search. */
export const SearchHitSchema = z.object({
  type: z.enum(SEARCH_ENTITY_TYPES),
  id: z.string(),
  parentId: z
    .string()
    .nullable()
    .describe(
      "mapId of a map point or area; characterId of a character goal or of a relationship's first character; the " +
        "source entity's id of a connection; null otherwise.",
    ),
  parentType: z
    .enum(SEARCH_ENTITY_TYPES)
    .nullable()
    .describe("The type of the entity parentId names (a connection's source type), or null when parentId is null."),
  match: z.enum(SEARCH_MATCH_KINDS),
  name: HighlightedTextSchema.describe(
    "The name (a goal's title; for a relationship or connection, 'From → To, Type'), with the ranges that matched.",
  ),
  snippet: HighlightedTextSchema.nullable().describe(
    'A short piece of the description around the first match (… where cut), or null when the text did not match.',
  ),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/**
 * How many description-only hits of one entity type the world search counts: beyond it, the total is a lower
 * bound (a word found in most of a large world's descriptions is not worth counting on every keystroke).
 */
export const WORLD_SEARCH_TEXT_HITS_COUNTED = 1000;

/** The world search's answer: hits in rank order and the list pagination block (nextCursor is always null). */
export const WorldSearchResponseSchema = z.object({
  data: z.array(SearchHitSchema),
  pagination: PaginationSchema.extend({
    totalItemsCapped: z
      .boolean()
      .describe(
        `True when the description-only hits of some entity type were counted only up to ${WORLD_SEARCH_TEXT_HITS_COUNTED}: totalItems is then a lower bound.`,
      ),
  }),
});
export type WorldSearchResponse = z.infer<typeof WorldSearchResponseSchema>;
