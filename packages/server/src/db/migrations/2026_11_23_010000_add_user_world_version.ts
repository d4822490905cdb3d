/**
 * Gives every user a `world_version`: a number the database raises whenever one of the user's worlds is
 * created or deleted, or one of its own columns the worlds list shows changes (name, description, owner,
 * updated_at). The list's counts are left out on purpose: every change of a count raises the world's
 * content_version in the same statement, so a cache of the worlds list keys on this number together with the
 * sum of the worlds' content versions, and a create in a world never has to lock its owner's row (which on
 * PostgreSQL made every create of a user wait for the previous one's commit).
 * On PostgreSQL it is a deferred constraint trigger raising the version once per user and transaction at
 * commit (after the world rows, which add_world_content_version also raises at commit: PostgreSQL fires the
 * deferred triggers those updates queue in the same commit); on SQLite plain row triggers.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The world's own columns the worlds list shows; an update naming any of them raises the owner's world_version. */
const LISTED_COLUMNS = 'name, description, created_by, created_at, updated_at';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('world_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  if (isPostgres(db)) {
    await sql
      .raw(
        `create or replace function loreforge_worlds_changed() returns trigger language plpgsql as $$
        declare
          changed text[] := array[]::text[];
          user_key text;
          flag text;
        begin
          if tg_op <> 'INSERT' then changed := changed || old.created_by; end if;
          if tg_op <> 'DELETE' then changed := changed || new.created_by; end if;
          foreach user_key in array changed loop
            flag := 'loreforge.worlds_' || md5(user_key);
            if coalesce(current_setting(flag, true), '') <> '1' then
              perform set_config(flag, '1', true);
              update "user" set world_version = world_version + 1 where id = user_key;
            end if;
          end loop;
          return null;
        end
        $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create constraint trigger world_worlds_changed after insert or update of ${LISTED_COLUMNS} or delete on "world"
        deferrable initially deferred for each row execute function loreforge_worlds_changed()`,
      )
      .execute(db);
    return;
  }

  await sql
    .raw(
      `create trigger world_worlds_after_insert after insert on "world" begin
      update "user" set world_version = world_version + 1 where id = new.created_by;
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger world_worlds_after_delete after delete on "world" begin
      update "user" set world_version = world_version + 1 where id = old.created_by;
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger world_worlds_after_update after update of ${LISTED_COLUMNS} on "world" begin
      update "user" set world_version = world_version + 1 where id in (old.created_by, new.created_by);
    end`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger if exists world_worlds_changed on "world"').execute(db);
    await sql.raw('drop function if exists loreforge_worlds_changed()').execute(db);
  } else {
    for (const name of ['world_worlds_after_insert', 'world_worlds_after_delete', 'world_worlds_after_update']) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  }
  await db.schema.alterTable('user').dropColumn('world_version').execute();
}
