/**
 * Gives every user a `token_version`: the number every sign-in token of the user carries. Signing out
 * everywhere raises it, and a token whose number differs from the user's is refused, so tokens can be revoked
 * (issue 20). Existing users start at 0, which tokens made before this column also count as.
 * Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user').dropColumn('token_version').execute();
}
