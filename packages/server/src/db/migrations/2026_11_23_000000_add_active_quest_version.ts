/**
 * Raises a world's `content_version` when a character's active-quest links change (`character_active_quest`,
 * which has no world_id of its own: the quest's world is used). A character's answer includes its
 * activeQuests, so caches of characters must see these writes as well as writes of the character row.
 * On PostgreSQL it is a deferred constraint trigger with the once-per-transaction flag of
 * add_world_content_version; on SQLite plain row triggers. A link removed by its quest's deletion finds no
 * quest any more, but that deletion raised the version itself.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create or replace function loreforge_active_quest_changed() returns trigger language plpgsql as $$
        declare
          quest_key text;
          world_key text;
          flag text;
        begin
          if tg_op = 'DELETE' then quest_key := old.quest_id; else quest_key := new.quest_id; end if;
          select world_id into world_key from quest where id = quest_key;
          if world_key is not null then
            flag := 'loreforge.content_' || md5(world_key);
            if coalesce(current_setting(flag, true), '') <> '1' then
              perform set_config(flag, '1', true);
              update world set content_version = content_version + 1 where id = world_key;
            end if;
          end if;
          return null;
        end
        $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create constraint trigger character_active_quest_content_changed
        after insert or update or delete on "character_active_quest"
        deferrable initially deferred for each row execute function loreforge_active_quest_changed()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger character_active_quest_content_after_insert after insert on "character_active_quest" begin
      update world set content_version = content_version + 1 where id = (select world_id from quest where id = new.quest_id);
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger character_active_quest_content_after_delete after delete on "character_active_quest" begin
      update world set content_version = content_version + 1 where id = (select world_id from quest where id = old.quest_id);
    end`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger if exists character_active_quest_content_changed on "character_active_quest"').execute(db);
    await sql.raw('drop function if exists loreforge_active_quest_changed()').execute(db);
    return;
  }
  await sql.raw('drop trigger if exists character_active_quest_content_after_insert').execute(db);
  await sql.raw('drop trigger if exists character_active_quest_content_after_delete').execute(db);
}
