/**
 * `npm run demo`: loads the Land of Oz demo world through the public HTTP API into the demo account
 * (demo@loreforge.test), registering it with a fresh invite code of the configured database the first time,
 * shares it with a player account (toto@loreforge.test, who plays Dorothy) and prints both sign-ins.
 *
 * - DEMO_API_URL: a running Loreforge (e.g. http://localhost:3000) using the same database; without it the app
 *   is started in-process on a free port of 127.0.0.1 for the duration of the load.
 * - DEMO_EMAIL, DEMO_PASSWORD: the account to use (defaults below). Every run creates a fresh world.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { connectDatabase, migrateToLatest } from '@loreforge/server/database';
import { buildApp, createInviteCode, loadConfig } from '@loreforge/server/host';
import { DemoLoadError, runDemo } from './index.js';

const DEFAULT_EMAIL = 'demo@loreforge.test';
const DEFAULT_PASSWORD = 'follow-the-yellow-brick-road';
const PLAYER_EMAIL = 'toto@loreforge.test';
const PLAYER_PASSWORD = 'there-is-no-place-like-home';

const config = loadConfig();
const database = connectDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 2 });
let app: FastifyInstance | undefined;
let failed = false;
try {
  await migrateToLatest(database);
  let baseUrl = process.env.DEMO_API_URL;
  if (!baseUrl) {
    app = await buildApp({ config: { ...config, logLevel: 'warn', webDistDir: undefined }, database, closeDatabase: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
  const account = {
    username: 'oz-demo',
    email: process.env.DEMO_EMAIL || DEFAULT_EMAIL,
    password: process.env.DEMO_PASSWORD || DEFAULT_PASSWORD,
  };
  const player = { username: 'toto', email: PLAYER_EMAIL, password: process.env.DEMO_PLAYER_PASSWORD || PLAYER_PASSWORD };
  console.log(`Loading the Land of Oz through ${baseUrl}/api …`);
  const result = await runDemo({
    baseUrl,
    account,
    player,
    inviteCode: () => createInviteCode(database.db),
    log: (line) => console.log(`  ${line}`),
  });
  const s = result.summary;
  const signInUrl = process.env.DEMO_API_URL ? new URL(process.env.DEMO_API_URL).origin : `http://localhost:${config.port}`;
  console.log('');
  console.log(`Demo world "${result.worldName}" is ready (world id ${result.worldId}).`);
  console.log(
    `  ${s.characters} characters, ${s.items} items, ${s.inventoryEntries} inventory entries, ${s.relationships} relationships, ${s.goals} goals`,
  );
  console.log(`  ${s.timelines} timelines with ${s.events} events, ${s.maps} map with ${s.points} points and ${s.areas} areas`);
  console.log(`  ${s.quests} quests with ${s.objectives} objectives, ${s.connections} connections`);
  console.log('');
  console.log(result.registered ? 'Created the demo account. Sign in with:' : 'Added to the existing demo account. Sign in with:');
  console.log(`  URL:      ${signInUrl}${process.env.DEMO_API_URL ? '' : '  (start the app with: npm start)'}`);
  console.log(`  Email:    ${account.email}`);
  console.log(`  Password: ${account.password}`);
  console.log('');
  console.log("The world is shared with a player, who plays Dorothy and sees none of the game master's secrets");
  console.log("(the Wizard's true identity, the discovery of the humbug). Sign in as the player with:");
  console.log(`  Email:    ${player.email}`);
  console.log(`  Password: ${player.password}`);
} catch (error) {
  failed = true;
  if (error instanceof DemoLoadError)
    console.error(
      `Loading the demo failed while ${error.step.charAt(0).toLowerCase()}${error.step.slice(1)}: ${error.apiMessage}${error.status === null ? '' : ` (HTTP ${error.status})`}`,
    );
  else console.error(`Loading the demo failed: ${(error as Error).message}`);
} finally {
  if (app) await app.close();
  await database.destroy();
}
if (failed) process.exitCode = 1;
