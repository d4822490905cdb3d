/**
 * A shared world for the access suites, made through the real routes: an owner, an editor, a player with an
 * assigned character, a viewer, an outsider, and one entity of every secret-capable kind in three variants
 * (public, secret, revealed to the player). Every name and text of a variant carries that variant's marker word
 * and every GM note carries the GM marker, so a body that betrays a secret is found by searching for them.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MemberRole } from '@loreforge/contract';
import { type TestUser, createUser } from '../factories/user.js';
import { TINY_PNG } from '../resilience/full-world.js';

/** The variants of an entity: seen by every member, only by editors, or by editors and the revealed player. */
export const VARIANTS = ['public', 'secret', 'revealed'] as const;
export type Variant = (typeof VARIANTS)[number];

/** Every kind of secret-capable entity, named by the path parameter that addresses it. */
export const ENTITY_PARAMS = [
  'characterId',
  'relationshipId',
  'goalId',
  'itemId',
  'inventoryItemId',
  'timelineId',
  'eventId',
  'mapId',
  'pointId',
  'areaId',
  'connectionId',
  'questId',
  'objectiveId',
] as const;
export type EntityParam = (typeof ENTITY_PARAMS)[number];

/** The callers of the matrix. */
export const IDENTITIES = ['owner', 'editor', 'player', 'viewer', 'non-member', 'signed out'] as const;
export type IdentityName = (typeof IDENTITIES)[number];

/** Marker words: one per variant, one for GM notes. */
export interface Markers {
  public: string;
  secret: string;
  revealed: string;
  gm: string;
}

/** The members and their accounts. */
export interface Cast {
  owner: TestUser;
  editor: TestUser;
  player: TestUser;
  viewer: TestUser;
  outsider: TestUser;
}

/** The world of the access suites. */
export interface AccessWorld {
  worldId: string;
  cast: Cast;
  markers: Markers;
  /** Entity id by kind and variant; parents of every variant are the public entities. */
  ids: Record<EntityParam, Record<Variant, string>>;
  /** A public character nobody is assigned to, which new relationships point at. */
  bystanderCharacterId: string;
  /** The public item every inventory entry and connection holds (also `ids.itemId.public`). */
  stockItemId: string;
  /** A second world of the owner where the editor is an editor too: where characters move. */
  otherWorldId: string;
  /** A member added as a viewer whom failed member writes aim at. */
  bystander: TestUser;
  /** A multi-use invitation of the world, for reads and failed writes. */
  invitation: { invitationId: string; code: string };
  /** A calendar of the world (calendars hold no secrets: one for every member), for reads and failed writes. */
  calendarId: string;
  /** A paused webhook of the world (owner only), for reads and failed writes. */
  webhookId: string;
}

/**
 * A webhook body the access suites create: a public address literal (no DNS needed to save it) and paused, so
 * nothing is ever sent to it.
 */
export const ACCESS_WEBHOOK = { url: 'https://93.184.215.14/hooks/loreforge', events: ['*'], active: false };

/** Signed-in headers of an identity, or none when signed out. */
export function headersOf(world: AccessWorld, identity: IdentityName): Record<string, string> {
  const { cast } = world;
  const byName: Record<IdentityName, TestUser | undefined> = {
    owner: cast.owner,
    editor: cast.editor,
    player: cast.player,
    viewer: cast.viewer,
    'non-member': cast.outsider,
    'signed out': undefined,
  };
  return byName[identity]?.headers ?? {};
}

/** Whether an identity may see an entity of a variant (editors see all; the player sees what is revealed to them). */
export function maySee(identity: IdentityName, variant: Variant): boolean {
  if (identity === 'owner' || identity === 'editor') return true;
  if (identity === 'player') return variant !== 'secret';
  if (identity === 'viewer') return variant === 'public';
  return false;
}

/**
 * Sends one request and returns its parsed JSON body.
 * @throws Error when the status is not the expected one (a broken fixture, not a finding).
 */
export async function send(
  app: FastifyInstance,
  user: TestUser,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  expected = method === 'POST' ? 201 : 200,
): Promise<Record<string, unknown>> {
  const response = await app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  if (response.statusCode !== expected) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.body ? response.json<Record<string, unknown>>() : {};
}

const idOf = (entity: Record<string, unknown>, field: string): string => {
  const value = entity[field];
  if (typeof value !== 'string') throw new Error(`no ${field} in ${JSON.stringify(entity)}`);
  return value;
};

/** Adds an account to a world with a role through POST /worlds/{worldId}/members. */
export async function addMember(app: FastifyInstance, owner: TestUser, worldId: string, user: TestUser, role: MemberRole): Promise<void> {
  await send(app, owner, 'POST', `/api/worlds/${worldId}/members`, { user: user.user.username, role });
}

/**
 * Makes entities of one world in a chosen variant, under the world's public parents. Used by the fixture and
 * by write cases that need an entity of their own.
 */
export class EntityMaker {
  /** Filled as public parents are made: the parent ids every later entity hangs from. */
  readonly parents: Partial<Record<EntityParam, string>> = {};

  constructor(
    private readonly app: FastifyInstance,
    private readonly owner: TestUser,
    readonly worldId: string,
    readonly markers: Markers,
    private readonly playerId: string,
  ) {}

  /** The access fields of a variant, with a GM note. */
  access(variant: Variant): Record<string, unknown> {
    const gmNotes = `${this.markers.gm} notes`;
    if (variant === 'public') return { visibility: 'everyone', gmNotes };
    if (variant === 'secret') return { visibility: 'editors', gmNotes };
    return { visibility: 'editors', revealedTo: [this.playerId], gmNotes };
  }

  private text(variant: Variant, what: string): { name: string; description: string } {
    const marker = this.markers[variant];
    return { name: `${marker} ${what}`, description: `${marker} ${what} description` };
  }

  private parent(param: EntityParam): string {
    const id = this.parents[param];
    if (!id) throw new Error(`no public ${param} yet`);
    return id;
  }

  private post(url: string, payload: object): Promise<Record<string, unknown>> {
    return send(this.app, this.owner, 'POST', `/api/worlds/${this.worldId}${url}`, payload);
  }

  /**
   * A public character nobody is assigned to (a relationship's target), standing at `locationId` when given (the
   * world's own bystander stands at a secret map point, so its location must read as null to those who may not
   * see the point).
   */
  async bystanderCharacter(locationId: string | null = null): Promise<string> {
    const body = { ...this.text('public', 'bystander'), attributes: {}, currentLocationId: locationId };
    return idOf(await this.post('/characters', body), 'characterId');
  }

  /**
   * Creates one entity of a kind and variant. Public characters are assigned to the player unless `unassigned`.
   * @returns its id.
   */
  async make(kind: EntityParam, variant: Variant, options: { unassigned?: boolean } = {}): Promise<string> {
    const access = this.access(variant);
    const text = this.text(variant, kind);
    const marker = this.markers[variant];
    switch (kind) {
      case 'characterId': {
        const assignedTo = variant === 'public' && !options.unassigned ? this.playerId : null;
        return idOf(await this.post('/characters', { ...text, attributes: { note: `${marker} attribute` }, assignedTo, ...access }), kind);
      }
      case 'relationshipId': {
        const target = await this.bystanderCharacter();
        const body = { targetCharacterId: target, relationshipType: 'friend', description: `${marker} relationship`, ...access };
        return idOf(await this.post(`/characters/${this.parent('characterId')}/relationships`, body), kind);
      }
      case 'goalId': {
        const body = { title: `${marker} goal`, description: text.description, goalType: 'Primary', status: 'Pending', ...access };
        return idOf(await this.post(`/characters/${this.parent('characterId')}/goals`, body), kind);
      }
      case 'itemId':
        return idOf(await this.post('/items', { ...text, ...access }), kind);
      case 'inventoryItemId': {
        const body = { itemId: this.parent('itemId'), quantity: 2, notes: `${marker} notes`, ...access };
        return idOf(await this.post(`/characters/${this.parent('characterId')}/inventory`, body), kind);
      }
      case 'timelineId':
        return idOf(await this.post('/timelines', { ...text, currentDateTime: '2026-06-01T00:00:00.000Z', ...access }), kind);
      case 'eventId': {
        // Its change writes the variant's marker into the public character, so an engine answer that applies a
        // hidden event shows the marker.
        const characterAttributeChanges = {
          version: 1,
          changes: [
            { op: 'set', characterId: this.parent('characterId'), path: `lore${VARIANTS.indexOf(variant)}`, value: `${marker} change` },
          ],
        };
        const body = {
          ...text,
          dateTime: '2026-02-01T00:00:00.000Z',
          timelineId: this.parent('timelineId'),
          characterAttributeChanges,
          ...access,
        };
        return idOf(await this.post('/events', body), kind);
      }
      case 'mapId':
        return idOf(await this.post('/maps', { ...text, ...access }), kind);
      case 'pointId':
        return idOf(await this.post(`/maps/${this.parent('mapId')}/points`, { ...text, x: 1, y: 1, ...access }), kind);
      case 'areaId': {
        const body = {
          ...text,
          polygon: [
            [0, 0],
            [10, 0],
            [0, 10],
          ],
          ...access,
        };
        return idOf(await this.post(`/maps/${this.parent('mapId')}/areas`, body), kind);
      }
      case 'connectionId': {
        const body = {
          sourceType: 'character',
          sourceId: this.parent('characterId'),
          targetType: 'item',
          targetId: this.parent('itemId'),
          connectionType: `${marker} owns`,
          ...access,
        };
        return idOf(await this.post('/connections', body), kind);
      }
      case 'questId':
        return idOf(await this.post('/quests', { ...text, ...access }), kind);
      case 'objectiveId':
        return idOf(
          await this.post(`/quests/${this.parent('questId')}/objectives`, { description: `${marker} objective`, target: 100, ...access }),
          kind,
        );
    }
  }
}

/**
 * Builds the world: the cast with their roles, three variants of every entity kind (parents first), an image on
 * every map, the public and the secret quest accepted by the public character, a second world to move characters to, a
 * bystander member and an invitation.
 */
export async function buildAccessWorld(app: FastifyInstance): Promise<{ world: AccessWorld; maker: EntityMaker }> {
  const tag = crypto.randomBytes(4).toString('hex');
  const markers: Markers = { public: `Plain${tag}`, secret: `Hush${tag}`, revealed: `Clue${tag}`, gm: `Gmnote${tag}` };
  const cast: Cast = {
    owner: await createUser(app),
    editor: await createUser(app),
    player: await createUser(app),
    viewer: await createUser(app),
    outsider: await createUser(app),
  };
  const bystander = await createUser(app);
  const { owner } = cast;
  const worldId = idOf(await send(app, owner, 'POST', '/api/worlds', { name: `${markers.public} world`, description: null }), 'worldId');
  await addMember(app, owner, worldId, cast.editor, 'editor');
  await addMember(app, owner, worldId, cast.player, 'player');
  await addMember(app, owner, worldId, cast.viewer, 'viewer');
  await addMember(app, owner, worldId, bystander, 'viewer');
  const otherWorldId = idOf(await send(app, owner, 'POST', '/api/worlds', { name: 'Elsewhere', description: null }), 'worldId');
  await addMember(app, owner, otherWorldId, cast.editor, 'editor');
  // The player and viewer belong there too, so moving a character is refused for their role, not their reach.
  await addMember(app, owner, otherWorldId, cast.player, 'player');
  await addMember(app, owner, otherWorldId, cast.viewer, 'viewer');
  // The outsider has a world of their own, so their lists are not empty merely because they own nothing.
  await send(app, cast.outsider, 'POST', '/api/worlds', { name: 'Outside', description: null });

  const maker = new EntityMaker(app, owner, worldId, markers, cast.player.user.userId);
  const ids = {} as Record<EntityParam, Record<Variant, string>>;
  for (const kind of ENTITY_PARAMS) {
    const made = {} as Record<Variant, string>;
    for (const variant of VARIANTS) made[variant] = await maker.make(kind, variant);
    ids[kind] = made;
    maker.parents[kind] = made.public;
    if (kind === 'mapId') {
      // Every map has an image, so reading one answers by who may see the map, not by whether it has one.
      for (const mapId of Object.values(made)) {
        const image = await app.inject({
          method: 'PUT',
          url: `/api/worlds/${worldId}/maps/${mapId}/image`,
          headers: { ...owner.headers, 'content-type': 'image/png' },
          payload: TINY_PNG,
        });
        if (image.statusCode >= 300) throw new Error(`map image upload answered ${image.statusCode}: ${image.body}`);
      }
    }
  }
  const characterId = ids.characterId.public;
  await send(app, owner, 'POST', `/api/worlds/${worldId}/quests/${ids.questId.public}/accept?characterId=${characterId}`, undefined, 200);
  // The public character has a secret active quest too: its id must not reach those who may not see the quest.
  await send(app, owner, 'POST', `/api/worlds/${worldId}/quests/${ids.questId.secret}/accept?characterId=${characterId}`, undefined, 200);
  const bystanderCharacterId = await maker.bystanderCharacter(ids.pointId.secret);
  const invitation = await send(app, owner, 'POST', `/api/worlds/${worldId}/invitations`, { role: 'viewer', maxUses: null });
  const calendar = await send(app, owner, 'POST', `/api/worlds/${worldId}/calendars`, { preset: 'harptos' });
  const webhook = await send(app, owner, 'POST', `/api/worlds/${worldId}/webhooks`, ACCESS_WEBHOOK);

  return {
    world: {
      worldId,
      cast,
      markers,
      ids,
      bystanderCharacterId,
      stockItemId: ids.itemId.public,
      otherWorldId,
      bystander,
      invitation: { invitationId: idOf(invitation, 'invitationId'), code: idOf(invitation, 'code') },
      calendarId: idOf(calendar, 'calendarId'),
      webhookId: idOf(webhook, 'webhookId'),
    },
    maker,
  };
}
