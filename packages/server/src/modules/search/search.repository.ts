/**
 * The world search's queries: four passes (names, names a typo away, tags, text), each one UNION ALL over every
 * searchable table of a world, ranked and paged in SQL. Relationships and connections have no name: they are found
 * by tags and description only.
 * Matching uses the databases' own indexes: FTS5 trigram tables on SQLite (migrations add_search_indexes,
 * add_world_search_indexes and add_search_name_indexes, whose names-only tables serve the typo pass), pg_trgm GIN
 * indexes on PostgreSQL; typo tolerance is pg_trgm's word_similarity (the same function on SQLite, db/trigram.ts).
 */
import { type Expression, type RawBuilder, SqliteAdapter, sql } from 'kysely';
import { type SearchEntityType, WORLD_SEARCH_TEXT_HITS_COUNTED } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { likePattern } from '../../lib/list/index.js';
import { WORD_SIMILARITY_THRESHOLD, innerTrigrams } from '../../db/trigram.js';
import { likeValue, limitValue } from '../../db/prepared-once.js';
import { markedForValues } from '../../db/planned-for-values.js';
import { type SecretTable, visibleCondition } from '../../access/visibility.js';
import type { WorldScope } from '../../access/world-scope.js';

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

/** A searchable table: its entity type, its name (or how its hits are titled) and the parent a link to it needs. */
interface SearchSource {
  type: SearchEntityType;
  table: SecretTable;
  /** The name column; null for a table found only by description and tags (relationships and connections). */
  nameColumn: 'name' | 'title' | null;
  /** The hit's name, over the row `t`: the name column, or "From → To, Type" for a relationship or connection. */
  title: RawBuilder<unknown>;
  /** The id of the entity a link to a hit needs (its map, its character, a connection's source), or null. */
  parent: RawBuilder<unknown>;
  /** The type of that entity (a SearchEntityType), or null. */
  parentType: RawBuilder<unknown>;
  /** Whether its entities carry tags (TAGGABLE_TYPES, which name them by their table). */
  tagged: boolean;
}

/** The types a connection's end may be, with their table and name column (contract CONNECTABLE_TYPES). */
const CONNECTABLE_NAMES: Array<[type: string, table: string, column: 'name' | 'title']> = [
  ['character', 'character', 'name'],
  ['item', 'item', 'name'],
  ['timeline', 'timeline', 'name'],
  ['event', 'event', 'name'],
  ['map', 'map', 'name'],
  ['quest', 'quest', 'name'],
  ['goal', 'goal', 'title'],
];

/** The name of a connection's end (its type and id columns on `t`), '' when it is gone. */
function endName(typeColumn: string, idColumn: string): RawBuilder<unknown> {
  const cases = CONNECTABLE_NAMES.map(
    ([type, table, column]) =>
      sql`when ${sql.lit(type)} then (select ${sql.ref(`x.${column}`)} from ${sql.table(table)} x where x.id = ${sql.ref(`t.${idColumn}`)})`,
  );
  return sql`coalesce(case ${sql.ref(`t.${typeColumn}`)} ${sql.join(cases, sql` `)} end, '')`;
}

/** A character's name by the id in a column of `t`, '' when it is gone. */
const characterName = (idColumn: string): RawBuilder<unknown> =>
  sql`coalesce((select x.name from ${sql.table('character')} x where x.id = ${sql.ref(`t.${idColumn}`)}), '')`;

/** "From → To, Type": how a relationship's or connection's hit is named. */
const linkTitle = (from: RawBuilder<unknown>, to: RawBuilder<unknown>, type: string): RawBuilder<unknown> =>
  sql`${from} || ${sql.lit(' → ')} || ${to} || ${sql.lit(', ')} || ${sql.ref(`t.${type}`)}`;

/** A source with a name column, and maybe a parent column of a fixed type. */
function named(
  type: SearchEntityType,
  table: SecretTable,
  nameColumn: 'name' | 'title' = 'name',
  parent?: { column: 'map_id' | 'character_id'; type: SearchEntityType },
): SearchSource {
  const parentRef = parent ? sql.ref(`t.${parent.column}`) : undefined;
  return {
    type,
    table,
    nameColumn,
    title: sql.ref(`t.${nameColumn}`),
    parent: parentRef ?? sql`null`,
    parentType: parent && parentRef ? sql`case when ${parentRef} is null then null else ${sql.lit(parent.type)} end` : sql`null`,
    tagged: true,
  };
}

const SOURCES: SearchSource[] = [
  named('character', 'character'),
  named('item', 'item'),
  named('quest', 'quest'),
  named('event', 'event'),
  named('timeline', 'timeline'),
  named('map', 'map'),
  named('mapPoint', 'map_point', 'name', { column: 'map_id', type: 'map' }),
  named('mapArea', 'map_area', 'name', { column: 'map_id', type: 'map' }),
  named('goal', 'goal', 'title', { column: 'character_id', type: 'character' }),
  {
    type: 'relationship',
    table: 'relationship',
    nameColumn: null,
    title: linkTitle(characterName('character_id'), characterName('target_character_id'), 'relationship_type'),
    parent: sql.ref('t.character_id'),
    parentType: sql.lit('character'),
    tagged: true,
  },
  {
    type: 'connection',
    table: 'connection',
    nameColumn: null,
    title: linkTitle(endName('source_type', 'source_id'), endName('target_type', 'target_id'), 'connection_type'),
    parent: sql.ref('t.source_id'),
    parentType: sql.ref('t.source_type'),
    tagged: true,
  },
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
  parent_type: SearchEntityType | null;
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
 * Text starting with the lower-cased query, on PostgreSQL: a range of byte-wise order (text_pattern_ops'
 * `~>=~` and `~<~`, up to the query followed by the last code point), which only the btree indexes on
 * (world_id, lower(name)) and (world_id, tag_key) with text_pattern_ops serve (migration
 * add_search_prefix_indexes). Written as LIKE 'g%', the planner took the GIN trigram index instead, which
 * answers with every name holding a word that starts with the letter and rechecks each row: twice the work.
 */
const startsWithOnPostgres = (text: RawBuilder<unknown>, terms: Terms): RawBuilder<unknown> =>
  sql`(${text} operator(pg_catalog.~>=~) ${terms.lowered} and ${text} operator(pg_catalog.~<~) ${`${terms.lowered}\u{10FFFF}`})`;

/**
 * A name starting with a short query, whatever its case. On SQLite, as ranges of the name itself (one per
 * spelling in upper and lower case), which the (world_id, name) indexes serve; on PostgreSQL as a range of
 * lower(name) (startsWithOnPostgres).
 */
function namePrefix(name: RawBuilder<unknown>, terms: Terms): RawBuilder<unknown> {
  if (!terms.sqlite) return startsWithOnPostgres(sql`lower(${name})`, terms);
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
 * Ids of a source's entities carrying a tag that starts with the query (entity_tag, by world and lower case), as a
 * range of tag_key, which the (world_id, tag_key) index serves on SQLite and its text_pattern_ops twin on
 * PostgreSQL.
 */
function taggedIds(source: SearchSource, scope: SearchScope, terms: Terms): RawBuilder<unknown> {
  const starts = terms.sqlite
    ? sql`g.tag_key >= ${terms.lowered} and g.tag_key < ${`${terms.lowered}\u{10FFFF}`}`
    : startsWithOnPostgres(sql`g.tag_key`, terms);
  return sql`select g.entity_id from entity_tag g where g.world_id = ${scope.world.id} and ${starts} and g.entity_type = ${sql.lit(source.table)}`;
}

/**
 * Whether a row is a hit of the fuzzy pass (to leave it out of later passes): among the candidates the fuzzy pass
 * reads and similar enough. Cheap first: the candidate set (SQLite) or the trigram operator (PostgreSQL).
 */
function fuzzyHit(source: SearchSource, terms: Terms, name: RawBuilder<unknown>, similarity: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!terms.sqlite) return similarOnPostgres(terms, name);
  return sql`t.rowid in (${fuzzyCandidateRowids(source, terms)}) and ${similarity} >= ${WORD_SIMILARITY_THRESHOLD}`;
}

/**
 * A name a typo away on PostgreSQL: pg_trgm's `<%` operator, which the GIN trigram index on lower(name) serves and
 * which already means word_similarity >= WORD_SIMILARITY_THRESHOLD (every connection sets
 * pg_trgm.word_similarity_threshold to it, db/connect.ts). Spelling the comparison out as well computed the
 * similarity of every candidate twice more.
 */
const similarOnPostgres = (terms: Terms, name: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`${terms.lowered} operator(public.<%) lower(${name})`;

/**
 * The names sharing the most trigrams with the query (FTS5's bm25 rank over the names-only trigram table,
 * `<table>_name_fts`), so a query made of common trigrams never scores every name of a large world, and the
 * ranking never reads the postings of descriptions.
 */
function fuzzyCandidateRowids(source: SearchSource, terms: Terms): RawBuilder<unknown> {
  const fts = sql.table(`${source.table}_name_fts`);
  const query = terms.trigrams.map(ftsPhrase).join(' OR ');
  return sql`select rowid from ${fts} where ${fts} match ${query} order by rank limit ${sql.lit(FUZZY_CANDIDATES)}`;
}

/** The passes of a search, read in this order: names that contain the query, names a typo away, tags, text only. */
type Pass = 'name' | 'fuzzy' | 'tag' | 'text';

/** What one search looks for, computed once. */
interface Terms {
  term: string;
  lowered: string;
  /** The LIKE patterns "contains the query" and "starts with it", bound as SQLite prepares once (likeValue). */
  contains: RawBuilder<string>;
  prefix: RawBuilder<string>;
  trigrams: string[];
  sqlite: boolean;
  /** Whether the fuzzy pass ran (no name contains the query): its hits are then left out of later passes. */
  fuzzy: boolean;
}

/**
 * One source's rows for one pass, with their tier and score. On SQLite, a pass that the FTS5 trigram table can
 * serve reads that table first and joins the source by rowid (CROSS JOIN keeps that order), so the cost follows
 * the matches, not the size of the world. A source without a name (relationships, connections) has only the tag
 * and text passes. `counted`: only to count (or find) its rows, one constant column, so the database plans no
 * title (a connection's takes fourteen subqueries) for rows nobody reads.
 */
function passQuery(source: SearchSource, scope: SearchScope, pass: Pass, terms: Terms, counted = false): RawBuilder<unknown> | undefined {
  const { lowered, contains, prefix, trigrams, sqlite } = terms;
  const nameColumn = source.nameColumn;
  if (nameColumn === null && (pass === 'name' || pass === 'fuzzy')) return undefined;
  const name = sql.ref(`t.${nameColumn ?? 'id'}`);
  const similarity = sqlite ? sql`lf_word_similarity(${lowered}, ${name})` : sql`public.word_similarity(${lowered}, lower(${name}))`;
  const indexed = sqlite && terms.term.length >= 3;
  // Conditions a later pass adds so that a row is found once: not by name, nor a typo away.
  const notFoundByName: Array<RawBuilder<unknown>> = [];
  if (nameColumn !== null) {
    notFoundByName.push(sql`not (lower(${name}) like ${contains} escape '\\')`);
    if (terms.fuzzy && trigrams.length > 0) notFoundByName.push(sql`not (${fuzzyHit(source, terms, name, similarity)})`);
  }
  let ftsQuery: string | undefined;
  let fuzzyCandidates = false;
  let taggedFirst = false;
  // Worlds differ in size by orders of magnitude and a term's hits as much: on PostgreSQL every statement of the
  // search is planned for its values, or a plan kept for any world reads a large world's whole name index beside
  // the trigram index (db/planned-for-values.ts).
  const base = sourceBase(source, scope);
  const conditions: Array<RawBuilder<unknown> | Expression<unknown>> = [sqlite ? base : markedForValues(base)];
  let tier: RawBuilder<unknown>;
  let score: RawBuilder<unknown> = sql`0`;
  if (pass === 'name') {
    if (indexed) ftsQuery = `${nameColumn} : ${ftsPhrase(terms.term)}`;
    conditions.push(terms.term.length >= 3 ? sql`lower(${name}) like ${contains} escape '\\'` : namePrefix(name, terms));
    tier = sql`case when lower(${name}) = ${lowered} then ${sql.lit(TIERS.exact)}
        when lower(${name}) like ${prefix} escape '\\' then ${sql.lit(TIERS.prefix)} else ${sql.lit(TIERS.contains)} end`;
  } else if (pass === 'fuzzy') {
    if (trigrams.length === 0) return undefined;
    fuzzyCandidates = sqlite;
    conditions.push(sqlite ? sql`${similarity} >= ${WORD_SIMILARITY_THRESHOLD}` : similarOnPostgres(terms, name));
    tier = sql.lit(TIERS.fuzzy);
    score = similarity;
  } else if (pass === 'tag') {
    if (!source.tagged) return undefined;
    // On SQLite the tagged ids lead (joined below): left to the planner, the exclusion of typo hits could drive
    // the scan instead, ranking typo candidates again for every table.
    taggedFirst = sqlite;
    if (!taggedFirst) conditions.push(sql`t.id in (${taggedIds(source, scope, terms)})`);
    conditions.push(...notFoundByName);
    tier = sql.lit(TIERS.tag);
  } else {
    if (terms.term.length < 3) return undefined;
    // The FTS5 phrase already means "the description contains the query"; LIKE says it where no index does.
    if (indexed) ftsQuery = `description : ${ftsPhrase(terms.term)}`;
    else conditions.push(sql`lower(t.description) like ${contains} escape '\\'`);
    conditions.push(...notFoundByName);
    if (source.tagged) conditions.push(sql`t.id not in (${taggedIds(source, scope, terms)})`);
    tier = sql.lit(TIERS.text);
  }
  const table = sql.table(source.table);
  const fts = sql.table(`${source.table}_fts`);
  const from = ftsQuery
    ? sql`(select rowid as rid from ${fts} where ${fts} match ${ftsQuery}) m cross join ${table} t on t.rowid = m.rid`
    : fuzzyCandidates
      ? sql`(${fuzzyCandidateRowids(source, terms)}) m cross join ${table} t on t.rowid = m.rowid`
      : taggedFirst
        ? sql`(select distinct g.entity_id from (${taggedIds(source, scope, terms)}) g) m cross join ${table} t on t.id = m.entity_id`
        : sql`${table} t`;
  const order = sqlite ? (ftsQuery ? sql`m.rid` : sql`t.rowid`) : sql`t.id`;
  if (counted) return sql`select 1 as found from ${from} where ${sql.join(conditions, sql` and `)}`;
  // A ranked pass leaves the description to the page's rows (readRanked): carried through the sort, every hit's
  // description was read and copied. A one-letter query's characters in a 100,000-character world (4,478 hits)
  // ranked in 16 ms with them and in 4 ms over the keys alone, on an index that holds the names.
  const description = pass === 'text' ? sql`t.description` : sql`null`;
  return sql`select ${sql.lit(source.type)} as type, t.id as id, ${source.title} as name, ${description} as description,
      ${source.parent} as parent_id, ${source.parentType} as parent_type, ${tier} as tier, ${score} as score, ${order} as seq
    from ${from}
    where ${sql.join(conditions, sql` and `)}`;
}

/** The description of a ranked hit `r` (its type and id), read from its own table: one row per hit of the page. */
const hitDescription: RawBuilder<unknown> = sql`case r.type ${sql.join(
  SOURCES.map(
    (source) => sql`when ${sql.lit(source.type)} then (select d.description from ${sql.table(source.table)} d where d.id = r.id)`,
  ),
  sql` `,
)} end`;

/** The order of ranked hits, over the alias `alias`: tier, score, name, type and id. */
const rankOrder = (alias: string): RawBuilder<unknown> =>
  sql`${sql.ref(`${alias}.tier`)}, ${sql.ref(`${alias}.score`)} desc, lower(${sql.ref(`${alias}.name`)}), ${sql.ref(`${alias}.type`)}, ${sql.ref(`${alias}.id`)}`;

/**
 * Reads a slice of a union of pass queries, ranked by tier, score, name, type and id, with the union's total
 * (counted apart only when a slice past the first row is empty).
 */
async function readRanked(
  db: Db,
  parts: Array<RawBuilder<unknown>>,
  offset: number,
  limit: number,
): Promise<{ rows: SearchRow[]; total: number }> {
  if (parts.length === 0) return { rows: [], total: 0 };
  const union = sql.join(parts, sql` union all `);
  if (limit > 0) {
    // Ranked on the hits' keys; the descriptions of the page's rows only are read after the limit.
    const { rows } = await sql<SearchRow>`select r.type, r.id, r.name, ${hitDescription} as description, r.parent_id, r.parent_type,
        r.tier, r.score, r.seq, r.total
      from (select hits.*, count(*) over () as total from (${union}) hits
        order by ${rankOrder('hits')} limit ${limitValue(limit)} offset ${offset}) r
      order by ${rankOrder('r')}`.execute(db);
    const first = rows[0];
    if (first) return { rows, total: Number(first.total) };
    // Nothing from the first row on: nothing at all.
    if (offset === 0) return { rows: [], total: 0 };
  }
  const [total = 0] = await countHits(db, [{ parts }]);
  return { rows: [], total };
}

/** Pass queries to count together: their rows, counted no further than `cap` + 1 when a cap is given. */
interface CountGroup {
  parts: Array<RawBuilder<unknown>>;
  cap?: number;
}

/**
 * Counts several unions of pass queries in one statement (one round trip instead of one per entity type: a
 * keystroke's search counts eleven text passes and a tag pass once its page is full).
 * @returns each group's count, in order; a capped group's count is at most its cap + 1.
 */
async function countHits(db: Db, groups: CountGroup[]): Promise<number[]> {
  const columns = groups.flatMap((group, index) => {
    if (group.parts.length === 0) return [];
    const union = sql.join(group.parts, sql` union all `);
    const rows =
      group.cap === undefined ? sql`select 1 from (${union}) hits` : sql`select 1 from (${union}) hits limit ${sql.lit(group.cap + 1)}`;
    return [sql`(select count(*) from (${rows}) counted) as ${sql.ref(`c${index}`)}`];
  });
  if (columns.length === 0) return groups.map(() => 0);
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(columns, sql`, `)}`.execute(db);
  const counted = rows[0] ?? {};
  return groups.map((_, index) => Number(counted[`c${index}`] ?? 0));
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
    contains: likeValue(contains),
    prefix: likeValue(contains.slice(1)),
    trigrams: innerTrigrams(term),
    sqlite: db.getExecutor().adapter instanceof SqliteAdapter,
    fuzzy: false,
  };
  const offset = (page - 1) * limit;
  const rows: SearchRow[] = [];
  let total = 0;
  let totalCapped = false;
  const readByName = async (parts: Array<RawBuilder<unknown> | undefined>) => {
    const slice = await readRanked(
      db,
      parts.filter((part) => part !== undefined),
      Math.max(0, offset - total),
      limit - rows.length,
    );
    rows.push(...slice.rows);
    total += slice.total;
  };
  await readByName(SOURCES.map((source) => passQuery(source, scope, 'name', terms)));
  // Names a typo away only when the query is found nowhere as written: a word that some description holds was
  // no typo, and scoring every name that shares a common trigram with it (bm25 over the trigram table) cost up
  // to 150 ms in a 100,000-character world.
  if (
    total === 0 &&
    !(await anyRow(
      db,
      SOURCES.map((source) => passQuery(source, scope, 'text', terms, true)),
    ))
  ) {
    terms.fuzzy = true;
    await readByName(SOURCES.map((source) => passQuery(source, scope, 'fuzzy', terms)));
  }
  const tagParts = SOURCES.map((source) => passQuery(source, scope, 'tag', terms)).filter((part) => part !== undefined);
  // The tag pass is read only while the page has room; past that it is only counted, with the text passes.
  const tagRead = rows.length < limit;
  if (tagRead) await readByName(tagParts);
  // Text-only hits, source by source in the order they were stored: a word found in a large share of a world's
  // descriptions is then paged without sorting every hit. Every count first, in one statement.
  const textParts = SOURCES.map((source) => passQuery(source, scope, 'text', terms));
  const counts = await countHits(db, [
    { parts: tagRead ? [] : SOURCES.map((source) => passQuery(source, scope, 'tag', terms, true)).filter((part) => part !== undefined) },
    ...SOURCES.map((source) => {
      const part = passQuery(source, scope, 'text', terms, true);
      return { parts: part ? [part] : [], cap: TEXT_HITS_COUNTED };
    }),
  ]);
  total += counts[0] ?? 0;
  for (const [index, part] of textParts.entries()) {
    const found = counts[index + 1] ?? 0;
    const counted = Math.min(found, TEXT_HITS_COUNTED);
    totalCapped ||= found > TEXT_HITS_COUNTED;
    const skip = Math.max(0, offset - total);
    const room = limit - rows.length;
    if (part && room > 0 && skip < counted) {
      const slice = await sql<SearchRow>`select hits.* from (${part}) hits order by hits.seq
        limit ${limitValue(Math.min(room, counted - skip))} offset ${skip}`.execute(db);
      rows.push(...slice.rows);
    }
    total += counted;
  }
  return { rows, total, totalCapped };
}
