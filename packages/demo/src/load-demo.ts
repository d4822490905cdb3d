/**
 * Loads a demo world through the public HTTP API only, exactly as any client would, with the typed client
 * (`@loreforge/client`): sign in (or register with an invite code), then create the world and everything in it,
 * resolving the data file's keys to the ids the API returns. Each kind of entity has its own loader file
 * (load-characters, load-timelines, load-map, load-quests, load-links). Used by `npm run demo`, the demo tests,
 * the browser journeys and the screenshots.
 */
import { type DemoAccount, attempt, demoClient, signInDemoAccount } from './api.js';
import { type DemoData, findDemoDataProblems, readDemoData, readDemoMapImage } from './demo-data.js';
import { loadCharacterTies, loadCharactersAndItems } from './load-characters.js';
import { DemoLoad, type DemoLoadResult } from './load-context.js';
import { linkMentions, loadConnections } from './load-links.js';
import { loadMap } from './load-map.js';
import { loadQuests } from './load-quests.js';
import { loadCalendars, loadTimelines } from './load-timelines.js';

/** Options of loadDemoWorld. */
export interface LoadDemoOptions {
  /** Where the app listens, e.g. http://127.0.0.1:3000 (with or without /api). */
  baseUrl: string;
  /** A bearer token of the account that will own the new world. */
  token: string;
  /** The world to load (default: the Oz data file). */
  data?: DemoData;
  /** The map image bytes (default: the file the data names). */
  mapImage?: Uint8Array;
  /** Progress lines, one per stage (default: silent). */
  log?: (line: string) => void;
  /** A player account to share the world with, who plays Dorothy (issue 11: shared worlds). */
  player?: { userId: string; username: string } | undefined;
}

/**
 * Creates a fresh world from the data through the API, in dependency order: characters and items, inventory,
 * relationships, goals, timelines with their events (change documents with ids substituted) and branches, the
 * world's calendars and the timelines dated in them (issue 12), the map with its image, points and areas,
 * character locations, quests with objectives, acceptance and progress, connections, and last the descriptions
 * that mention one another.
 * @returns the world id, name, counts and the id of every key.
 * @throws DemoLoadError naming the step and the API's message when a call fails; Error when the data is unsound.
 */
export async function loadDemoWorld(options: LoadDemoOptions): Promise<DemoLoadResult> {
  const data = options.data ?? readDemoData();
  const problems = findDemoDataProblems(data);
  if (problems.length > 0) throw new Error(`The demo data has problems:\n- ${problems.join('\n- ')}`);
  const mapImage = options.mapImage ?? readDemoMapImage(data);
  const log = options.log ?? (() => undefined);
  const client = demoClient(options.baseUrl, options.token);

  const world = await attempt('Creating the world', client.POST('/api/worlds', { body: data.world }));
  log(`World "${world.name}" created.`);
  if (options.player) {
    await attempt(
      `Sharing the world with ${options.player.username}`,
      client.POST('/api/worlds/{worldId}/members', {
        params: { path: { worldId: world.worldId } },
        body: { user: options.player.username, role: 'player' },
      }),
    );
  }

  const load = new DemoLoad(client, world.worldId, data, log);
  await loadCharactersAndItems(load, options.player?.userId);
  await loadCharacterTies(load);
  await loadTimelines(load);
  await loadCalendars(load);
  await loadMap(load, mapImage);
  await loadQuests(load);
  await loadConnections(load);
  await linkMentions(load);
  return { worldId: world.worldId, worldName: world.name, summary: load.summary, ids: load.ids };
}

/** Options of runDemo: where the API is, which account, and how to get an invite code if it must register. */
export interface RunDemoOptions {
  baseUrl: string;
  account: DemoAccount;
  /** A second account, signed in (or registered) too, with whom the world is shared as a player playing Dorothy. */
  player?: DemoAccount | undefined;
  inviteCode: () => Promise<string>;
  data?: DemoData;
  log?: (line: string) => void;
}

/**
 * Signs in (or registers) the demo account (and the player account, when given) and loads a fresh demo world
 * into it, shared with the player.
 * @returns the load result plus the token and whether the account was created.
 * @throws DemoLoadError naming the step that failed (see signInDemoAccount and loadDemoWorld).
 */
export async function runDemo(options: RunDemoOptions): Promise<DemoLoadResult & { token: string; registered: boolean }> {
  const { token, registered } = await signInDemoAccount(options.baseUrl, options.account, options.inviteCode);
  const player = options.player ? await signInDemoAccount(options.baseUrl, options.player, options.inviteCode) : undefined;
  const result = await loadDemoWorld({
    baseUrl: options.baseUrl,
    token,
    ...(player && options.player ? { player: { userId: player.userId, username: options.player.username } } : {}),
    ...(options.data ? { data: options.data } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  return { ...result, token, registered };
}
