/** Forward-only migrations, run at start-up on SQLite and PostgreSQL alike. */
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DatabaseHandle } from './connect.js';
import * as createCoreTables from './migrations/2026_11_21_000000_create_core_tables.js';
import * as addSearchIndexes from './migrations/2026_11_21_010000_add_search_indexes.js';
import * as addVersionTriggers from './migrations/2026_11_22_000000_add_version_triggers.js';
import * as addWorldContentVersion from './migrations/2026_11_22_010000_add_world_content_version.js';
import * as addActiveQuestVersion from './migrations/2026_11_23_000000_add_active_quest_version.js';
import * as addUserWorldVersion from './migrations/2026_11_23_010000_add_user_world_version.js';
import * as countWorldContentInTriggers from './migrations/2026_11_23_020000_count_world_content_in_triggers.js';
import * as createWorldMember from './migrations/2026_11_24_000000_create_world_member.js';
import * as addUserTokenVersion from './migrations/2026_11_24_100000_add_user_token_version.js';
import * as createCalendar from './migrations/2026_11_24_200000_create_calendar.js';
import * as addCalendarDates from './migrations/2026_11_24_210000_add_calendar_dates.js';
import * as addWorldSearchIndexes from './migrations/2026_11_24_500000_add_world_search_indexes.js';
import * as createEntityTag from './migrations/2026_11_24_510000_create_entity_tag.js';
import * as versionWorldLinks from './migrations/2026_11_24_520000_version_world_links.js';
import * as createWorldChange from './migrations/2026_11_25_110000_create_world_change.js';
import * as createWorldPresence from './migrations/2026_11_25_110100_create_world_presence.js';
import * as createWebhook from './migrations/2026_11_25_120000_create_webhook.js';
import * as createWorldVisit from './migrations/2026_11_25_120100_create_world_visit.js';
import * as createMemberNote from './migrations/2026_11_25_130000_create_member_note.js';
import * as addRichText from './migrations/2026_11_25_140000_add_rich_text.js';
import * as addCalendarAuthors from './migrations/2026_11_25_150000_add_calendar_authors.js';
import * as refreshChangeTriggers from './migrations/2026_11_25_190000_refresh_change_triggers.js';
import * as addGmNotesHtml from './migrations/2026_11_26_220000_add_gm_notes_html.js';
import * as refreshChangeTriggersGmNotes from './migrations/2026_11_26_230000_refresh_change_triggers_gm_notes.js';
import * as createDeletedActiveQuest from './migrations/2026_11_27_100000_create_deleted_active_quest.js';
import * as addSearchNameIndexes from './migrations/2026_11_27_200000_add_search_name_indexes.js';
import * as bulkWorldTriggers from './migrations/2026_11_28_100000_bulk_world_triggers.js';
import * as forgetMentionsOfDeleted from './migrations/2026_11_28_200000_forget_mentions_of_deleted.js';
import * as addSearchPrefixIndexes from './migrations/2026_11_28_300000_add_search_prefix_indexes.js';
import * as boundSearchPendingLists from './migrations/2026_11_28_310000_bound_search_pending_lists.js';
import * as addSqliteSearchNameIndexes from './migrations/2026_11_29_100000_add_sqlite_search_name_indexes.js';
import * as reindexSearchOnlyOnTextChange from './migrations/2026_12_01_100000_reindex_search_only_on_text_change.js';

/** Every migration, in order. Add new ones at the end; never edit a released one. */
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_21_000000_create_core_tables': createCoreTables,
  '2026_11_21_010000_add_search_indexes': addSearchIndexes,
  '2026_11_22_000000_add_version_triggers': addVersionTriggers,
  '2026_11_22_010000_add_world_content_version': addWorldContentVersion,
  '2026_11_23_000000_add_active_quest_version': addActiveQuestVersion,
  '2026_11_23_010000_add_user_world_version': addUserWorldVersion,
  '2026_11_23_020000_count_world_content_in_triggers': countWorldContentInTriggers,
  '2026_11_24_000000_create_world_member': createWorldMember,
  '2026_11_24_100000_add_user_token_version': addUserTokenVersion,
  '2026_11_24_200000_create_calendar': createCalendar,
  '2026_11_24_210000_add_calendar_dates': addCalendarDates,
  '2026_11_24_500000_add_world_search_indexes': addWorldSearchIndexes,
  '2026_11_24_510000_create_entity_tag': createEntityTag,
  '2026_11_24_520000_version_world_links': versionWorldLinks,
  '2026_11_25_110000_create_world_change': createWorldChange,
  '2026_11_25_110100_create_world_presence': createWorldPresence,
  '2026_11_25_120000_create_webhook': createWebhook,
  '2026_11_25_120100_create_world_visit': createWorldVisit,
  '2026_11_25_130000_create_member_note': createMemberNote,
  '2026_11_25_140000_add_rich_text': addRichText,
  '2026_11_25_150000_add_calendar_authors': addCalendarAuthors,
  '2026_11_25_190000_refresh_change_triggers': refreshChangeTriggers,
  '2026_11_26_220000_add_gm_notes_html': addGmNotesHtml,
  '2026_11_26_230000_refresh_change_triggers_gm_notes': refreshChangeTriggersGmNotes,
  '2026_11_27_100000_create_deleted_active_quest': createDeletedActiveQuest,
  '2026_11_27_200000_add_search_name_indexes': addSearchNameIndexes,
  '2026_11_28_100000_bulk_world_triggers': bulkWorldTriggers,
  '2026_11_28_200000_forget_mentions_of_deleted': forgetMentionsOfDeleted,
  '2026_11_28_300000_add_search_prefix_indexes': addSearchPrefixIndexes,
  '2026_11_28_310000_bound_search_pending_lists': boundSearchPendingLists,
  '2026_11_29_100000_add_sqlite_search_name_indexes': addSqliteSearchNameIndexes,
  '2026_12_01_100000_reindex_search_only_on_text_change': reindexSearchOnlyOnTextChange,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Brings the schema up to date. On PostgreSQL the migration bookkeeping tables live in the handle's schema,
 * so several schemas in one database (tests, tenants) never see each other's.
 * @throws Error naming the failed migration when one fails (the transaction is rolled back).
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
