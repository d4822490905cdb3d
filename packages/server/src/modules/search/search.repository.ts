/**
 * The world search's queries: three passes (names, names a typo away, text), each one UNION ALL over every
 * searchable table of a world, ranked and paged in SQL.
 * Matching uses the databases' own indexes: FTS5 trigram tables on SQLite (migrations add_search_indexes and
 * add_world_search_indexes), pg_trgm GIN indexes on PostgreSQL; typo tolerance is pg_trgm's word_similarity
 * (the same function on SQLite, db/trigram.ts).
 */
import { type RawBuilder, SqliteAdapter, sql } from 'kysely';
import { type SearchEntityType, WORLD_SEARCH_TEXT_HITS_COUNTED } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { likePattern } from '../../lib/list/index.js';
import { WORD_SIMILARITY_THRESHOLD, innerTrigrams } from '../../db/trigram.js';
import { type SecretTable, visibleCondition } from '../worlds/visibility.js';
import type { WorldScope } from '../worlds/world-scope.js';

/** How many names sharing trigrams with the query, best first, a fuzzy pass scores on SQLite per table. */
const FUZZY_CANDIDATES = 200;

/**
 * How many description-only hits of one entity type are counted (WORLD_SEARCH_TEXT_HITS_COUNTED): a word in a
 * quarter of a 100,000-character world's descriptions took 100-250 ms to count exactly, for a number nobody pages
 * through. Name, typo and tag hits are always counted exactly.
 */
const TEXT_HITS_COUNTED = WORLD_SEARCH_TEXT_HITS_COUNTED;

/** Rank tiers, best first; the presenter names them (SEARCH_MATCH_KINDS). */
const TIERS = { exact: 0, prefix: 1, contains: 2, fuzzy: 3, tag: 4, text: 5 } as const;

/** A searchable table: its entity type, name column and the parent a link to it needs. */
interface SearchSource {
  type: SearchEntityType;
  table: SecretTable;
  nameColumn: 'name' | 'title';
  parentColumn: 'map_id' | 'character_id' | null;
  /** Whether its entities carry tags (TAGGABLE_TYPES, which name them by their table). */
  tagged: boolean;
}

const SOURCES: SearchSource[] = [
  { type: 'character', table: 'character', nameColumn: 'name', parentColumn: null, tagged: true },
  { type: 'item', table: 'item', nameColumn: 'name', parentColumn: null, tagged: true },
  { type: 'quest', table: 'quest', nameColumn: 'name', parentColumn: null, tagged: true },
  { type: 'event', table: 'event', nameColumn: 'name', parentColumn: null, tagged: true },
  { type: 'timeline', table: 'timeline', nameColumn: 'name', parentColumn: null, tagged: true },
  { type: 'map', table: 'map', nameColumn: 'name', parentColumn: null, tagged: true },
  { type: 'mapPoint', table: 'map_point', nameColumn: 'name', parentColumn: 'map_id', tagged: true },
  { type: 'mapArea', table: 'map_area', nameColumn: 'name', parentColumn: 'map_id', tagged: true },
  { type: 'goal', table: 'goal', nameColumn: 'title', parentColumn: 'character_id', tagged: true },
];

/** Whose search it is: the world and who reads it (shared worlds' scope). */
export type SearchScope = Pick<WorldScope, 'world' | 'viewer' | 'seesSecrets'>;

/** One ranked row of the search. */
export interface SearchRow {
  type: SearchEntityType;
  id: string;
  name: string;
  description: string | null;
  parent_id: string | null;
  tier: number;
  /** Order of storage, for text-only hits. */
  seq: unknown;
  total: number;
}

/** The FTS5 query text for a phrase (double quotes doubled, as FTS5 escapes them). */
const ftsPhrase = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/**
 * The rows of a source a reader may find: in the scope's world and visible to the reader (shared worlds'
 * visibility rule: a player or viewer never finds a secret). Every query of the search starts here.
 */
function sourceBase(source: SearchSource, scope: SearchScope): RawBuilder<unknown> {
  const visible = visibleCondition(scope, source.table, 't');
  return visible ? sql`t.world_id = ${scope.world.id} and ${visible}` : sql`t.world_id = ${scope.world.id}`;
}

/**
 * A name starting with a short query, whatever its case. On SQLite, as ranges of the name itself (one per
 * spelling in upper and lower case), which the (world_id, name) indexes serve.
 */
function namePrefix(name: RawBuilder<unknown>, terms: Terms): RawBuilder<unknown> {
  if (!terms.sqlite) return sql`lower(${name}) like ${terms.prefix} escape '\\'`;
  let spellings = [''];
  for (const char of terms.term) {
    const cases = [...new Set([char.toLowerCase(), char.toUpperCase()])].filter((c) => c.length === char.length);
    spellings = spellings.flatMap((start) => (cases.length > 0 ? cases : [char]).map((c) => start + c));
  }
  return sql`(${sql.join(
    spellings.map((spelling) => sql`(${name} >= ${spelling} and ${name} < ${`${spelling}\u{10FFFF}`})`),
    sql` or `,
  )})`;
}

/**
 * Ids of a source's entities carrying a tag that starts with the query (entity_tag, by world and lower case). On
 * SQLite as a range of tag_key, which the (world_id, tag_key) index serves.
 */
function taggedIds(source: SearchSource, scope: SearchScope, terms: Terms): RawBuilder<unknown> {
  const starts = terms.sqlite
    ? sql`g.tag_key >= ${terms.lowered} and g.tag_key < ${`${terms.lowered}\u{10FFFF}`}`
    : sql`g.tag_key like ${terms.prefix} escape '\\'`;
  return sql`select g.entity_id from entity_tag g where g.world_id = ${scope.world.id} and ${starts} and g.entity_type = ${sql.lit(source.table)}`;
}

/**
 * Whether a row is a hit of the fuzzy pass (to leave it out of later passes): among the candidates the fuzzy pass
 * reads and similar enough. Cheap first: the candidate set (SQLite) or the trigram operator (PostgreSQL).
 */
function fuzzyHit(source: SearchSource, terms: Terms, similarity: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!terms.sqlite)
    return sql`${terms.lowered} operator(public.<%) lower(${sql.raw(`t.${source.nameColumn}`)}) and ${similarity} >= ${WORD_SIMILARITY_THRESHOLD}`;
  return sql`t.rowid in (${fuzzyCandidateRowids(source, terms)}) and ${similarity} >= ${WORD_SIMILARITY_THRESHOLD}`;
}

/**
 * The names sharing the most trigrams with the query (FTS5's bm25 rank), so a query made of common trigrams never
 * scores every name of a large world.
 */
function fuzzyCandidateRowids(source: SearchSource, terms: Terms): RawBuilder<unknown> {
  const fts = sql.table(`${source.table}_fts`);
  const query = `${source.nameColumn} : (${terms.trigrams.map(ftsPhrase).join(' OR ')})`;
  return sql`select rowid from ${fts} where ${fts} match ${query} order by rank limit ${sql.lit(FUZZY_CANDIDATES)}`;
}

/** The passes of a search, read in this order: names that contain the query, names a typo away, tags, text only. */
type Pass = 'name' | 'fuzzy' | 'tag' | 'text';

/** What one search looks for, computed once. */
interface Terms {
  term: string;
  lowered: string;
  contains: string;
  prefix: string;
  trigrams: string[];
  sqlite: boolean;
  /** Whether the fuzzy pass ran (no name contains the query): its hits are then left out of later passes. */
  fuzzy: boolean;
}

/**
 * One source's rows for one pass, with their tier and score. On SQLite, a pass that the FTS5 trigram table can
 * serve reads that table first and joins the source by rowid (CROSS JOIN keeps that order), so the cost follows
 * the matches, not the size of the world.
 */
function passQuery(source: SearchSource, scope: SearchScope, pass: Pass, terms: Terms): RawBuilder<unknown> | undefined {
  const { lowered, contains, prefix, trigrams, sqlite } = terms;
  const name = sql.raw(`t.${source.nameColumn}`);
  const nameContains = sql`lower(${name}) like ${contains} escape '\\'`;
  const similarity = sqlite ? sql`lf_word_similarity(${lowered}, ${name})` : sql`public.word_similarity(${lowered}, lower(${name}))`;
  const indexed = sqlite && terms.term.length >= 3;
  let ftsQuery: string | undefined;
  let fuzzyCandidates = false;
  let condition: RawBuilder<unknown>;
  let tier: RawBuilder<unknown>;
  let score: RawBuilder<unknown> = sql`0`;
  if (pass === 'name') {
    if (indexed) ftsQuery = `${source.nameColumn} : ${ftsPhrase(terms.term)}`;
    condition = terms.term.length >= 3 ? nameContains : namePrefix(name, terms);
    tier = sql`case when lower(${name}) = ${lowered} then ${sql.lit(TIERS.exact)}
        when lower(${name}) like ${prefix} escape '\\' then ${sql.lit(TIERS.prefix)} else ${sql.lit(TIERS.contains)} end`;
  } else if (pass === 'fuzzy') {
    if (trigrams.length === 0) return undefined;
    fuzzyCandidates = sqlite;
    condition = sqlite
      ? sql`${similarity} >= ${WORD_SIMILARITY_THRESHOLD}`
      : sql`${lowered} operator(public.<%) lower(${name}) and ${similarity} >= ${WORD_SIMILARITY_THRESHOLD}`;
    tier = sql.lit(TIERS.fuzzy);
    score = similarity;
  } else if (pass === 'tag') {
    if (!source.tagged) return undefined;
    condition = sql`t.id in (${taggedIds(source, scope, terms)}) and not (${nameContains})`;
    if (terms.fuzzy && trigrams.length > 0) condition = sql`${condition} and not (${fuzzyHit(source, terms, similarity)})`;
    tier = sql.lit(TIERS.tag);
  } else {
    if (terms.term.length < 3) return undefined;
    if (indexed) ftsQuery = `description : ${ftsPhrase(terms.term)}`;
    // The FTS5 phrase already means "the description contains the query"; LIKE says it where no index does.
    condition = indexed ? sql`not (${nameContains})` : sql`lower(t.description) like ${contains} escape '\\' and not (${nameContains})`;
    if (source.tagged) condition = sql`${condition} and t.id not in (${taggedIds(source, scope, terms)})`;
    if (terms.fuzzy && trigrams.length > 0) condition = sql`${condition} and not (${fuzzyHit(source, terms, similarity)})`;
    tier = sql.lit(TIERS.text);
  }
  const table = sql.table(source.table);
  const fts = sql.table(`${source.table}_fts`);
  const from = ftsQuery
    ? sql`(select rowid as rid from ${fts} where ${fts} match ${ftsQuery}) m cross join ${table} t on t.rowid = m.rid`
    : fuzzyCandidates
      ? sql`(${fuzzyCandidateRowids(source, terms)}) m cross join ${table} t on t.rowid = m.rowid`
      : sql`${table} t`;
  const order = sqlite ? (ftsQuery ? sql`m.rid` : sql`t.rowid`) : sql`t.id`;
  const parent = source.parentColumn ? sql.raw(`t.${source.parentColumn}`) : sql`null`;
  return sql`select ${sql.lit(source.type)} as type, t.id as id, ${name} as name, t.description as description,
      ${parent} as parent_id, ${tier} as tier, ${score} as score, ${order} as seq
    from ${from}
    where ${sourceBase(source, scope)} and ${condition}`;
}

/**
 * Reads a slice of a union of pass queries, ranked by tier, score, name, type and id (`byName`), or in the
 * order the rows were stored, counted up to TEXT_HITS_COUNTED (then `capped`).
 * @returns the slice's rows and the union's total (counted apart only when the slice is empty).
 */
async function readSlice(
  db: Db,
  parts: Array<RawBuilder<unknown>>,
  byName: boolean,
  offset: number,
  limit: number,
): Promise<{ rows: SearchRow[]; total: number; capped: boolean }> {
  if (parts.length === 0) return { rows: [], total: 0, capped: false };
  const union = sql.join(parts, sql` union all `);
  if (!byName) {
    // Stored order needs no ranking: count (no further than the cap), then read only the slice (the database
    // stops after it).
    const counted = await sql<{
      total: number;
    }>`select count(*) as total from (select 1 from (${union}) hits limit ${sql.lit(TEXT_HITS_COUNTED + 1)}) counted`.execute(db);
    const found = Number(counted.rows[0]?.total ?? 0);
    const capped = found > TEXT_HITS_COUNTED;
    const total = Math.min(found, TEXT_HITS_COUNTED);
    if (limit === 0 || offset >= total) return { rows: [], total, capped };
    const { rows } =
      await sql<SearchRow>`select hits.* from (${union}) hits order by hits.seq limit ${Math.min(limit, total - offset)} offset ${offset}`.execute(
        db,
      );
    return { rows, total, capped };
  }
  if (limit > 0) {
    const order = byName ? sql`hits.tier, hits.score desc, lower(hits.name), hits.type, hits.id` : sql`hits.seq`;
    const { rows } = await sql<SearchRow>`select hits.*, count(*) over () as total from (${union}) hits
      order by ${order} limit ${limit} offset ${offset}`.execute(db);
    const first = rows[0];
    if (first) return { rows, total: Number(first.total), capped: false };
  }
  const counted = await sql<{ total: number }>`select count(*) as total from (${union}) hits`.execute(db);
  return { rows: [], total: Number(counted.rows[0]?.total ?? 0), capped: false };
}

/** Whether a union of pass queries has any row (the database stops at the first). */
async function anyRow(db: Db, parts: Array<RawBuilder<unknown> | undefined>): Promise<boolean> {
  const present = parts.filter((part) => part !== undefined);
  if (present.length === 0) return false;
  const { rows } = await sql`select 1 as found from (${sql.join(present, sql` union all `)}) hits limit 1`.execute(db);
  return rows.length > 0;
}

/**
 * Finds a world's entities whose name, tags or description match a query, best first: exact name, name prefix,
 * name contains, then (only when neither a name nor a description contains the query) names a typo away by similarity, then a tag starting
 * with the query, then description only; ties by name, type and id (text-only hits in stored order).
 * @param term the trimmed query (1–200 characters). @param page 1-based; @param limit 1–50.
 * @returns the page's rows, the total number of hits, and whether the description-only hits of some type were
 *   counted only up to WORLD_SEARCH_TEXT_HITS_COUNTED (`totalCapped`; the total is then a lower bound).
 */
export async function searchWorld(
  db: Db,
  scope: SearchScope,
  term: string,
  page: number,
  limit: number,
): Promise<{ rows: SearchRow[]; total: number; totalCapped: boolean }> {
  const contains = likePattern(term);
  const terms: Terms = {
    term,
    lowered: term.toLowerCase(),
    contains,
    prefix: contains.slice(1),
    trigrams: innerTrigrams(term),
    sqlite: db.getExecutor().adapter instanceof SqliteAdapter,
    fuzzy: false,
  };
  const offset = (page - 1) * limit;
  const rows: SearchRow[] = [];
  let total = 0;
  let totalCapped = false;
  const read = async (parts: Array<RawBuilder<unknown> | undefined>, byName: boolean) => {
    const slice = await readSlice(
      db,
      parts.filter((part) => part !== undefined),
      byName,
      Math.max(0, offset - total),
      limit - rows.length,
    );
    rows.push(...slice.rows);
    total += slice.total;
    totalCapped ||= slice.capped;
  };
  await read(
    SOURCES.map((source) => passQuery(source, scope, 'name', terms)),
    true,
  );
  // Names a typo away only when the query is found nowhere as written: a word that some description holds was
  // no typo, and scoring every name that shares a common trigram with it (bm25 over the trigram table) cost up
  // to 150 ms in a 100,000-character world.
  if (
    total === 0 &&
    !(await anyRow(
      db,
      SOURCES.map((source) => passQuery(source, scope, 'text', terms)),
    ))
  ) {
    terms.fuzzy = true;
    await read(
      SOURCES.map((source) => passQuery(source, scope, 'fuzzy', terms)),
      true,
    );
  }
  await read(
    SOURCES.map((source) => passQuery(source, scope, 'tag', terms)),
    true,
  );
  // Text-only hits, source by source in the order they were stored: a word found in a large share of a world's
  // descriptions is then paged without sorting every hit.
  for (const source of SOURCES) await read([passQuery(source, scope, 'text', terms)], false);
  return { rows, total, totalCapped };
}
