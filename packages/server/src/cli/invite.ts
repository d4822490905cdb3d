/**
 * `npm run --silent invite`: prints one new single-use invite code (the code alone) for the configured database.
 * `npm run --silent invite -- --requests`: lists pending invite requests (date, name, email), one per line.
 */
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { createInviteCode, listInviteRequests } from '../modules/invites/invite.repository.js';

const USAGE = [
  'Usage: npm run --silent invite              print one new invite code',
  '       npm run --silent invite -- --requests  list pending invite requests',
].join('\n');
const LIST_OPTIONS = new Set(['--requests', '--list']);
const options = process.argv.slice(2);
const unknown = options.filter((option) => !LIST_OPTIONS.has(option));
if (unknown.length > 0) {
  // Nothing is created on a mistyped option: a stray code is a way in for whoever finds it.
  console.error(`Unknown option: ${unknown.join(' ')}\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
const database = connectDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 1 });
try {
  await migrateToLatest(database);
  if (options.length > 0) {
    const requests = await listInviteRequests(database.db);
    if (requests.length === 0) console.error('No invite requests.');
    for (const request of requests) console.log(`${request.created_at}\t${request.name}\t${request.email}`);
  } else {
    console.log(await createInviteCode(database.db));
  }
} finally {
  await database.destroy();
}
