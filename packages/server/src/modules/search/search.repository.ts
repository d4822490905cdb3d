/**
 * The world search's query: one UNION ALL over every searchable table of a world, ranked in SQL and paged there.
 * Matching uses the databases' own indexes: FTS5 trigram tables on SQLite (migrations add_search_indexes and
 * add_world_search_indexes), pg_trgm GIN indexes on PostgreSQL; typo tolerance is pg_trgm's word_similarity
 * (the same function on SQLite, lib/trigram.ts).
 */
import { type RawBuilder, SqliteAdapter, sql } from 'kysely';
import type { SearchEntityType } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { likePattern } from '../../lib/list-search.js';
import { WORD_SIMILARITY_THRESHOLD, innerTrigrams } from '../../lib/trigram.js';


/** Rank tiers, best first; the presenter names them (SEARCH_MATCH_KINDS). */
export const TIERS = { exact: 0, prefix: 1, contains: 2, fuzzy: 3, text: 4 } as const;

/** A searchable table: its entity type, name column and the parent a link to it needs. */
interface SearchSource {
  type: SearchEntityType;
  table: string;
  nameColumn: 'name' | 'title';
  parentColumn: 'map_id' | 'character_id' | null;
}

const SOURCES: SearchSource[] = [
  { type: 'character', table: 'character', nameColumn: 'name', parentColumn: null },
  { type: 'item', table: 'item', nameColumn: 'name', parentColumn: null },
  { type: 'quest', table: 'quest', nameColumn: 'name', parentColumn: null },
  { type: 'event', table: 'event', nameColumn: 'name', parentColumn: null },
  { type: 'timeline', table: 'timeline', nameColumn: 'name', parentColumn: null },
  { type: 'map', table: 'map', nameColumn: 'name', parentColumn: null },
  { type: 'mapPoint', table: 'map_point', nameColumn: 'name', parentColumn: 'map_id' },
  { type: 'mapArea', table: 'map_area', nameColumn: 'name', parentColumn: 'map_id' },
  { type: 'goal', table: 'goal', nameColumn: 'title', parentColumn: 'character_id' },
];

/** Whose search it is: the world, and (with shared worlds) who reads it. */
export interface SearchScope {
  worldId: string;
}

/** One ranked row of the search. */
export interface SearchRow {
  type: SearchEntityType;
  id: string;
  name: string;
  description: string | null;
  parent_id: string | null;
  tier: number;
  total: number;
}

/** The FTS5 query text for a phrase (double quotes doubled, as FTS5 escapes them). */
const ftsPhrase = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/**
 * The rows of a source a reader may find: in the scope's world. Every query of the search starts here, so the
 * visibility rule of shared worlds is added in this one place.
 */
function sourceBase(source: SearchSource, scope: SearchScope): RawBuilder<unknown> {
  return sql`t.world_id = ${scope.worldId}`;
}

/** The match and rank expressions of one source for one dialect. */
function sourceQuery(source: SearchSource, scope: SearchScope, term: string, sqlite: boolean): RawBuilder<unknown> {
  const lowered = term.toLowerCase();
  const contains = likePattern(term);
  const prefix = contains.slice(1);
  const name = sql.raw(`t.${source.nameColumn}`);
  const table = sql.table(source.table);
  const trigrams = innerTrigrams(term);
  let textMatch: RawBuilder<unknown>;
  let fuzzyMatch: RawBuilder<unknown>;
  if (sqlite) {
    const fts = sql.table(`${source.table}_fts`);
    textMatch = term.length >= 3
      ? sql`t.rowid in (select rowid from ${fts} where ${fts} match ${ftsPhrase(term)})`
      : sql`(lower(${name}) like ${contains} escape '\\' or lower(t.description) like ${contains} escape '\\')`;
    fuzzyMatch = trigrams.length === 0
      ? sql`0 = 1`
      : sql`(t.rowid in (select rowid from ${fts} where ${fts} match ${`${source.nameColumn} : (${trigrams.map(ftsPhrase).join(' OR ')})`})
          and lf_word_similarity(${lowered}, ${name}) >= ${WORD_SIMILARITY_THRESHOLD})`;
  } else {
    textMatch = sql`(lower(${name}) like ${contains} escape '\\' or lower(t.description) like ${contains} escape '\\')`;
    fuzzyMatch = trigrams.length === 0
      ? sql`false`
      : sql`(${lowered} operator(public.<%) lower(${name}) and public.word_similarity(${lowered}, lower(${name})) >= ${WORD_SIMILARITY_THRESHOLD})`;
  }
  const similarity = sqlite ? sql`lf_word_similarity(${lowered}, ${name})` : sql`public.word_similarity(${lowered}, lower(${name}))`;
  const parent = source.parentColumn ? sql.raw(`t.${source.parentColumn}`) : sql`null`;
  return sql`select ${sql.lit(source.type)} as type, t.id as id, ${name} as name, t.description as description, ${parent} as parent_id,
      case when lower(${name}) = ${lowered} then ${sql.lit(TIERS.exact)}
        when lower(${name}) like ${prefix} escape '\\' then ${sql.lit(TIERS.prefix)}
        when lower(${name}) like ${contains} escape '\\' then ${sql.lit(TIERS.contains)}
        when ${fuzzyMatch} then ${sql.lit(TIERS.fuzzy)}
        else ${sql.lit(TIERS.text)} end as tier,
      case when lower(${name}) like ${contains} escape '\\' then 1 else ${similarity} end as score
    from ${table} t
    where ${sourceBase(source, scope)} and (${textMatch} or ${fuzzyMatch})`;
}

/**
 * Finds a world's entities whose name or description matches a query, best first: exact name, name prefix,
 * name contains, a name a typo away (by similarity), then description only; ties by name, type and id.
 * @param term the trimmed query (1–200 characters). @param page 1-based; @param limit 1–50.
 * @returns the page's rows, and the total number of hits.
 */
export async function searchWorld(db: Db, scope: SearchScope, term: string, page: number, limit: number): Promise<{ rows: SearchRow[]; total: number }> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const union = sql.join(SOURCES.map((source) => sourceQuery(source, scope, term, sqlite)), sql` union all `);
  const { rows } = await sql<SearchRow>`select hits.*, count(*) over () as total from (${union}) hits
    order by hits.tier, hits.score desc, lower(hits.name), hits.type, hits.id
    limit ${limit} offset ${(page - 1) * limit}`.execute(db);
  const first = rows[0];
  if (first) return { rows, total: Number(first.total) };
  if (page === 1) return { rows, total: 0 };
  const counted = await sql<{ total: number }>`select count(*) as total from (${union}) hits`.execute(db);
  return { rows, total: Number(counted.rows[0]?.total ?? 0) };
}
