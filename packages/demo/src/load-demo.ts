/**
 * Loads a demo world through the public HTTP API only, exactly as any client would: sign in (or register with an
 * invite code), then create the world and everything in it, resolving the data file's keys to the ids the API
 * returns. Used by `npm run demo` and by the browser suite.
 */
import { z } from 'zod';
import type { CharacterCreateInput, EventCreateInput, QuestStatus } from '@loreforge/contract';
import { type DemoData, findDemoDataProblems, readDemoData, readDemoMapImage, substituteChangeIds } from './demo-data.js';
import { type DemoMentionKind, demoPlainText, demoRichText, hasDemoMentions } from './demo-mentions.js';

/** A failed API call: the step being done, the HTTP status (null when the server could not be reached) and the API's message. */
export class DemoLoadError extends Error {
  constructor(readonly step: string, readonly status: number | null, readonly apiMessage: string) {
    super(`${step} failed${status === null ? '' : ` (HTTP ${status})`}: ${apiMessage}`);
    this.name = 'DemoLoadError';
  }
}

/** How many of each thing the loader created. */
export interface DemoSummary {
  characters: number;
  items: number;
  inventoryEntries: number;
  relationships: number;
  goals: number;
  timelines: number;
  events: number;
  calendars: number;
  maps: number;
  points: number;
  areas: number;
  quests: number;
  objectives: number;
  connections: number;
}

/** The outcome of loading: the new world, its name and the counts, plus every key's id for callers that check them. */
export interface DemoLoadResult {
  worldId: string;
  worldName: string;
  summary: DemoSummary;
  /** kind ('character', 'item', 'timeline', 'event', 'map', 'point', 'area', 'quest', 'goal') → key → id. */
  ids: Record<string, Record<string, string>>;
}

const REQUEST_TIMEOUT_MS = 30_000;
const ErrorBodySchema = z.object({ message: z.string() });

/** Normalises a base URL: no trailing slash, no trailing /api (the client adds it). */
export function apiRoot(baseUrl: string): string {
  let root = baseUrl;
  while (root.endsWith('/')) root = root.slice(0, -1);
  return `${root.endsWith('/api') ? root.slice(0, -'/api'.length) : root}/api`;
}

type Body = { json: unknown } | { bytes: Uint8Array; contentType: string } | undefined;

/** A tiny JSON client of the Loreforge API that turns every failure into a DemoLoadError naming the step. */
class ApiClient {
  constructor(private readonly root: string, private token: string | undefined = undefined) {}

  setToken(token: string): void {
    this.token = token;
  }

  async send(step: string, method: string, path: string, body: Body): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let payload: string | Blob | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) {
      headers['content-type'] = body.contentType;
      // A Blob is a body under both Node's and the DOM's fetch typings.
      payload = new Blob([new Uint8Array(body.bytes)], { type: body.contentType });
    }
    let response: Response;
    try {
      response = await fetch(`${this.root}${path}`, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new DemoLoadError(step, null, `could not reach ${this.root}${path} (${(error as Error).message})`);
    }
    const raw = await response.text();
    let json: unknown = null;
    if (raw.length > 0) {
      try {
        json = JSON.parse(raw);
      } catch {
        json = raw;
      }
    }
    return { status: response.status, json };
  }

  /** Sends a request and parses a 2xx answer with `schema`; anything else throws with the API's message. */
  async call<T extends z.ZodType>(step: string, method: string, path: string, body: Body, schema: T): Promise<z.infer<T>> {
    const { status, json } = await this.send(step, method, path, body);
    if (status < 200 || status >= 300) throw new DemoLoadError(step, status, messageOf(json, status));
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new DemoLoadError(step, status, `unexpected answer: ${JSON.stringify(json).slice(0, 300)}`);
    return parsed.data;
  }
}

function messageOf(json: unknown, status: number): string {
  const parsed = ErrorBodySchema.safeParse(json);
  if (!parsed.success) return typeof json === 'string' && json ? json.slice(0, 300) : `HTTP ${status}`;
  const fields = z.object({ fields: z.record(z.string(), z.string()) }).safeParse(json);
  const details = fields.success ? ` (${Object.entries(fields.data.fields).map(([k, v]) => `${k}: ${v}`).join('; ')})` : '';
  return `${parsed.data.message}${details}`;
}

/** The demo account's credentials. */
export interface DemoAccount {
  username: string;
  email: string;
  password: string;
}

const AuthSchema = z.object({ token: z.string(), user: z.object({ userId: z.string() }) });

/**
 * Signs the demo account in, registering it first when it does not exist yet.
 * @param inviteCode called only when the account must be registered; returns a fresh single-use code.
 * @returns the bearer token and whether the account was just created.
 * @throws DemoLoadError when sign-in fails for another reason than an unknown account, or registration fails.
 */
export async function signInDemoAccount(
  baseUrl: string,
  account: DemoAccount,
  inviteCode: () => Promise<string>,
): Promise<{ token: string; userId: string; registered: boolean }> {
  const api = new ApiClient(apiRoot(baseUrl));
  const login = await api.send('Signing in', 'POST', '/auth/login', { json: { email: account.email, password: account.password } });
  if (login.status === 200) {
    const auth = AuthSchema.parse(login.json);
    return { token: auth.token, userId: auth.user.userId, registered: false };
  }
  if (login.status !== 401) throw new DemoLoadError('Signing in', login.status, messageOf(login.json, login.status));
  const code = await inviteCode();
  const registered = await api.send('Registering the demo account', 'POST', '/auth/register', {
    json: { username: account.username, email: account.email, password: account.password, inviteCode: code },
  });
  if (registered.status === 409) {
    throw new DemoLoadError('Registering the demo account', 409,
      `${messageOf(registered.json, 409)} The account ${account.email} exists with another password; set DEMO_PASSWORD to it.`);
  }
  if (registered.status !== 201) {
    throw new DemoLoadError('Registering the demo account', registered.status, messageOf(registered.json, registered.status));
  }
  const auth = AuthSchema.parse(registered.json);
  return { token: auth.token, userId: auth.user.userId, registered: true };
}

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

/** The key of the character the demo's player plays. */
const PLAYER_CHARACTER_KEY = 'dorothy';

const idField = <K extends string>(field: K) => z.object({ [field]: z.string() } as Record<K, z.ZodString>);

/**
 * Creates a fresh world from the data through the API, in dependency order: characters and items, inventory,
 * relationships, goals, timelines with their events (change documents with ids substituted) and branches, the
 * world's calendars and the timelines dated in them (issue 12), the
 * map with its image, points and areas, character locations, quests with objectives, acceptance and progress,
 * and connections.
 * @returns the world id, name, counts and the id of every key.
 * @throws DemoLoadError naming the step and the API's message when a call fails; Error when the data is unsound.
 */
export async function loadDemoWorld(options: LoadDemoOptions): Promise<DemoLoadResult> {
  const data = options.data ?? readDemoData();
  const problems = findDemoDataProblems(data);
  if (problems.length > 0) throw new Error(`The demo data has problems:\n- ${problems.join('\n- ')}`);
  const mapImage = options.mapImage ?? readDemoMapImage(data);
  const log = options.log ?? (() => undefined);
  const api = new ApiClient(apiRoot(options.baseUrl), options.token);
  const ids: Record<string, Record<string, string>> = {};
  const remember = (kind: string, key: string, id: string): void => {
    (ids[kind] ??= {})[key] = id;
  };
  const id = (kind: string, key: string): string => {
    const found = ids[kind]?.[key];
    if (found === undefined) throw new Error(`No ${kind} was created for key "${key}".`);
    return found;
  };
  const summary: DemoSummary = {
    characters: 0, items: 0, inventoryEntries: 0, relationships: 0, goals: 0, timelines: 0, events: 0, calendars: 0,
    maps: 0, points: 0, areas: 0, quests: 0, objectives: 0, connections: 0,
  };

  const world = await api.call('Creating the world', 'POST', '/worlds', { json: data.world }, z.object({ worldId: z.string(), name: z.string() }));
  const w = `/worlds/${world.worldId}`;
  log(`World "${world.name}" created.`);
  if (options.player) {
    await api.call(`Sharing the world with ${options.player.username}`, 'POST', `${w}/members`,
      { json: { user: options.player.username, role: 'player' } }, z.object({ userId: z.string() }));
  }

  // Mentions are written once every entity exists (the last step); until then a mention reads as a name.
  const events = data.timelines.flatMap((timeline) => timeline.events);
  const nameOf = (kind: DemoMentionKind, key: string): string =>
    (kind === 'character' ? data.characters : kind === 'item' ? data.items : events).find((entity) => entity.key === key)?.name ?? key;
  const plain = (text: string | null): string | null => demoPlainText(text, nameOf);

  const characterBodies = new Map<string, CharacterCreateInput & { activeQuests: string[] }>();
  for (const character of data.characters) {
    const body = {
      name: character.name, description: plain(character.description), attributes: character.attributes, currentLocationId: null, activeQuests: [],
      ...(character.visibility ? { visibility: character.visibility } : {}),
      ...(character.gmNotes ? { gmNotes: character.gmNotes } : {}),
      ...(options.player && character.key === PLAYER_CHARACTER_KEY ? { assignedTo: options.player.userId } : {}),
    };
    const created = await api.call(`Creating character ${character.name}`, 'POST', `${w}/characters`, { json: body }, idField('characterId'));
    remember('character', character.key, created.characterId);
    characterBodies.set(character.key, body);
    summary.characters += 1;
  }
  for (const item of data.items) {
    const { key, ...rest } = item;
    const body = { ...rest, description: plain(item.description) };
    const created = await api.call(`Creating item ${item.name}`, 'POST', `${w}/items`, { json: body }, idField('itemId'));
    remember('item', key, created.itemId);
    summary.items += 1;
  }
  log(`${summary.characters} characters and ${summary.items} items created.`);

  for (const entry of data.inventory) {
    await api.call(`Giving ${entry.item} to ${entry.character}`, 'POST', `${w}/characters/${id('character', entry.character)}/inventory`, {
      json: { itemId: id('item', entry.item), quantity: entry.quantity, equipped: entry.equipped, notes: entry.notes },
    }, idField('inventoryItemId'));
    summary.inventoryEntries += 1;
  }
  for (const relationship of data.relationships) {
    const { character, target, ...fields } = relationship;
    await api.call(`Relating ${character} to ${target}`, 'POST', `${w}/characters/${id('character', character)}/relationships`, {
      json: { ...fields, targetCharacterId: id('character', target) },
    }, idField('relationshipId'));
    summary.relationships += 1;
  }
  for (const goal of data.goals) {
    const { key, character, ...body } = goal;
    const created = await api.call(`Creating goal "${goal.title}"`, 'POST', `${w}/characters/${id('character', character)}/goals`, { json: body }, idField('goalId'));
    remember('goal', key, created.goalId);
    summary.goals += 1;
  }
  log(`${summary.inventoryEntries} inventory entries, ${summary.relationships} relationships and ${summary.goals} goals created.`);

  const resolveChangeId = (kind: 'character' | 'item', key: string): string | undefined => ids[kind]?.[key];
  const eventBodies = new Map<string, EventCreateInput>();
  const TimelineSchema = z.object({ timelineId: z.string() });
  for (const timeline of data.timelines) {
    const timelineBody = {
      name: timeline.name,
      description: timeline.description,
      currentDateTime: timeline.currentDateTime,
      branchingEnabled: true,
      parentTimelineId: timeline.parent ? id('timeline', timeline.parent) : null,
      branchingEvent: timeline.branchingEvent ? id('event', timeline.branchingEvent) : null,
      genesisEvent: null,
    };
    const created = await api.call(`Creating timeline "${timeline.name}"`, 'POST', `${w}/timelines`, { json: timelineBody }, TimelineSchema);
    remember('timeline', timeline.key, created.timelineId);
    summary.timelines += 1;
    for (const event of timeline.events) {
      const step = `Creating event "${event.name}"`;
      let body: EventCreateInput;
      try {
        body = {
          name: event.name,
          description: plain(event.description),
          ...(event.visibility ? { visibility: event.visibility } : {}),
          dateTime: event.dateTime,
          timelineId: created.timelineId,
          characterAttributeChanges: substituteChangeIds(event.characterAttributeChanges, resolveChangeId),
          inventoryChanges: substituteChangeIds(event.inventoryChanges, resolveChangeId),
          relationshipChanges: substituteChangeIds(event.relationshipChanges, resolveChangeId),
          isBranchingEvent: false,
          childTimelineId: null,
        };
      } catch (error) {
        throw new DemoLoadError(step, null, (error as Error).message);
      }
      const createdEvent = await api.call(step, 'POST', `${w}/events`, { json: body }, idField('eventId'));
      remember('event', event.key, createdEvent.eventId);
      eventBodies.set(event.key, body);
      summary.events += 1;
    }
    if (timeline.genesisEvent) {
      await api.call(`Setting the genesis event of "${timeline.name}"`, 'PUT', `${w}/timelines/${created.timelineId}`, {
        json: { ...timelineBody, genesisEvent: id('event', timeline.genesisEvent) },
      }, TimelineSchema);
    }
  }
  for (const timeline of data.timelines) {
    if (!timeline.branchingEvent) continue;
    const body = eventBodies.get(timeline.branchingEvent);
    if (!body) throw new Error(`No event was created for key "${timeline.branchingEvent}".`);
    const branched = { ...body, isBranchingEvent: true, childTimelineId: id('timeline', timeline.key) };
    await api.call(`Marking "${body.name}" as the branching event of "${timeline.name}"`, 'PUT',
      `${w}/events/${id('event', timeline.branchingEvent)}`, { json: branched }, idField('eventId'));
    eventBodies.set(timeline.branchingEvent, branched);
  }
  for (const calendar of data.calendars) {
    const { key: calendarKey, ...body } = calendar;
    const created = await api.call(`Creating calendar "${calendar.name}"`, 'POST', `${w}/calendars`, { json: body }, idField('calendarId'));
    remember('calendar', calendarKey, created.calendarId);
    summary.calendars += 1;
  }
  for (const timeline of data.calendarTimelines) {
    const created = await api.call(`Creating timeline "${timeline.name}"`, 'POST', `${w}/timelines`, {
      json: { name: timeline.name, description: timeline.description, calendarId: id('calendar', timeline.calendar), currentDate: timeline.currentDate, branchingEnabled: true },
    }, TimelineSchema);
    remember('timeline', timeline.key, created.timelineId);
    summary.timelines += 1;
    for (const event of timeline.events) {
      const step = `Creating event "${event.name}"`;
      let json: unknown;
      try {
        json = {
          name: event.name,
          description: event.description,
          ...(event.visibility ? { visibility: event.visibility } : {}),
          calendarDate: event.calendarDate,
          timelineId: created.timelineId,
          characterAttributeChanges: substituteChangeIds(event.characterAttributeChanges, resolveChangeId),
          inventoryChanges: substituteChangeIds(event.inventoryChanges, resolveChangeId),
          relationshipChanges: substituteChangeIds(event.relationshipChanges, resolveChangeId),
        };
      } catch (error) {
        throw new DemoLoadError(step, null, (error as Error).message);
      }
      const createdEvent = await api.call(step, 'POST', `${w}/events`, { json }, idField('eventId'));
      remember('event', event.key, createdEvent.eventId);
      summary.events += 1;
    }
  }
  log(`${summary.calendars} calendars, ${summary.timelines} timelines with ${summary.events} events created.`);

  const map = await api.call(`Creating map "${data.map.name}"`, 'POST', `${w}/maps`, {
    json: { name: data.map.name, description: data.map.description },
  }, idField('mapId'));
  remember('map', data.map.key, map.mapId);
  summary.maps += 1;
  const m = `${w}/maps/${map.mapId}`;
  await api.call('Uploading the map image', 'PUT', `${m}/image`, { bytes: mapImage, contentType: 'image/png' }, idField('mapId'));
  for (const point of data.map.points) {
    const body = {
      name: point.name,
      description: point.description,
      x: point.x,
      y: point.y,
      entity: point.entity ? { type: point.entity.type, id: id(point.entity.type, point.entity.key) } : null,
    };
    const created = await api.call(`Placing point "${point.name}"`, 'POST', `${m}/points`, { json: body }, idField('pointId'));
    remember('point', point.key, created.pointId);
    summary.points += 1;
  }
  for (const area of data.map.areas) {
    const { key, ...body } = area;
    const created = await api.call(`Drawing area "${area.name}"`, 'POST', `${m}/areas`, { json: body }, idField('areaId'));
    remember('area', key, created.areaId);
    summary.areas += 1;
  }
  log(`Map with its image, ${summary.points} points and ${summary.areas} areas created.`);

  const putCharacter = async (key: string, step: string): Promise<void> => {
    const body = characterBodies.get(key);
    if (!body) throw new Error(`No character was created for key "${key}".`);
    await api.call(step, 'PUT', `${w}/characters/${id('character', key)}`, { json: body }, idField('characterId'));
  };
  for (const character of data.characters) {
    const body = characterBodies.get(character.key);
    if (!character.location || !body) continue;
    body.currentLocationId = id('point', character.location);
    await putCharacter(character.key, `Placing ${character.name} on the map`);
  }

  const QuestAnswer = z.object({
    questId: z.string(),
    status: z.string(),
    objectives: z.array(z.object({ objectiveId: z.string() })).optional(),
  });
  for (const quest of data.quests) {
    const questBody = { name: quest.name, description: quest.description, status: 'pending' as QuestStatus, isOptional: quest.isOptional, difficulty: quest.difficulty };
    const created = await api.call(`Creating quest "${quest.name}"`, 'POST', `${w}/quests`, { json: questBody }, QuestAnswer);
    remember('quest', quest.key, created.questId);
    summary.quests += 1;
    const q = `${w}/quests/${created.questId}`;
    const objectiveIds: string[] = [];
    for (const objective of quest.objectives) {
      const made = await api.call(`Adding objective "${objective.description}"`, 'POST', `${q}/objectives`, {
        json: { ...objective, progress: 0 },
      }, idField('objectiveId'));
      objectiveIds.push(made.objectiveId);
      summary.objectives += 1;
    }
    let status = created.status;
    const [first, ...others] = quest.acceptedBy;
    if (first !== undefined) {
      const accepted = await api.call(`Accepting "${quest.name}" for ${first}`, 'POST', `${q}/accept`, {
        json: { characterId: id('character', first) },
      }, QuestAnswer);
      status = accepted.status;
      characterBodies.get(first)?.activeQuests.push(created.questId);
      for (const other of others) {
        characterBodies.get(other)?.activeQuests.push(created.questId);
        await putCharacter(other, `Adding "${quest.name}" to the active quests of ${other}`);
      }
      for (const [index, objective] of quest.objectives.entries()) {
        if (objective.progress === 0 || status !== 'active') continue;
        const progressed = await api.call(`Recording progress on "${objective.description}"`, 'POST',
          `${q}/objectives/${objectiveIds[index]}/progress`, { json: { progress: objective.progress } }, QuestAnswer);
        status = progressed.status;
      }
    }
    if (status !== quest.status) {
      await api.call(`Setting "${quest.name}" to ${quest.status}`, 'PUT', q, { json: { ...questBody, status: quest.status } }, QuestAnswer);
    }
  }
  log(`${summary.quests} quests with ${summary.objectives} objectives created.`);

  for (const connection of data.connections) {
    await api.call(`Connecting ${connection.source.key} to ${connection.target.key}`, 'POST', `${w}/connections`, {
      json: {
        sourceType: connection.source.type,
        sourceId: id(connection.source.type, connection.source.key),
        targetType: connection.target.type,
        targetId: id(connection.target.type, connection.target.key),
        connectionType: connection.connectionType,
        description: connection.description,
      },
    }, idField('connectionId'));
    summary.connections += 1;
  }
  log(`${summary.connections} connections created.`);

  // Descriptions that mention one another, now that everything they mention exists.
  const html = (text: string): string => demoRichText(text, (kind, key) => id(kind, key), nameOf);
  for (const character of data.characters) {
    const body = characterBodies.get(character.key);
    if (!body || !character.description || !hasDemoMentions(character.description)) continue;
    body.descriptionHtml = html(character.description);
    await putCharacter(character.key, `Linking the description of ${character.name}`);
  }
  for (const item of data.items) {
    if (!item.description || !hasDemoMentions(item.description)) continue;
    const { key, ...rest } = item;
    await api.call(`Linking the description of ${item.name}`, 'PUT', `${w}/items/${id('item', key)}`,
      { json: { ...rest, descriptionHtml: html(item.description) } }, idField('itemId'));
  }
  for (const event of events) {
    const body = eventBodies.get(event.key);
    if (!body || !event.description || !hasDemoMentions(event.description)) continue;
    await api.call(`Linking the description of "${event.name}"`, 'PUT', `${w}/events/${id('event', event.key)}`,
      { json: { ...body, descriptionHtml: html(event.description) } }, idField('eventId'));
  }

  return { worldId: world.worldId, worldName: world.name, summary, ids };
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
