/**
 * The case builders of the access matrix: for every operation of the OpenAPI document, who may call it (its
 * rule), what it answers on success, and how to make a meaningful request (body, fresh entity, stand-in caller).
 * The matrix fails on an operation missing here, so a new route cannot ship without its access rule.
 */
import type { FastifyInstance } from 'fastify';
import fantasyCalendarExport from '@loreforge/contract/fixtures/aldemar.fantasy-calendar.json';
import { createInviteCode } from '../../src/modules/invites/invite.repository.js';
import { type TestUser, createUser } from '../factories/user.js';
import { TINY_PNG } from '../resilience/full-world.js';
import { minimalBundle } from '../transfer/minimal-bundle.js';
import { type ApiRoute, sampleValue } from '../resilience/api-surface.js';
import {
  ACCESS_WEBHOOK,
  type AccessWorld,
  ENTITY_PARAMS,
  type EntityMaker,
  type EntityParam,
  type IdentityName,
  type Variant,
  addMember,
  maySee,
  send,
} from './access-world.js';

/**
 * Who may call an operation:
 * - `anyone`: signed in or not (version, sign-in, registration);
 * - `signed-in`: any account, not tied to a world (its own worlds, previewing or accepting an invitation);
 * - `read`: members who may see the addressed entity; others of the world get 404, as for a missing one;
 * - `write`: editors and the owner; members who see the entity get 403, those who do not 404;
 * - `write-own-character`: like `write`, and the player may also write the character assigned to them;
 * - `write-player`: like `write`, and the player may also write what they see (accepting a quest for their
 *   character, progress on a quest their character holds, their own notes);
 * - `member`: every member of the world (their own notes);
 * - `owner`: the owner only; other members 403.
 * Signed-out callers get 401 and non-members 404 on every rule but `anyone` and `signed-in`.
 */
export type Rule = 'anyone' | 'signed-in' | 'read' | 'write' | 'write-own-character' | 'write-player' | 'member' | 'owner';

/** What a case builder may use. */
export interface CaseContext {
  app: FastifyInstance;
  world: AccessWorld;
  maker: EntityMaker;
  identity: IdentityName;
  variant: CaseVariant;
  /**
   * Path parameters: public parents and the addressed entity in the case's variant (for a successful write, an
   * entity of its own already made in that variant).
   */
  params: Record<string, string>;
  /** Whether the case expects success (then writes get an entity of their own). */
  succeeds: boolean;
}

/** An entity variant, or, for operations that address no entity, `world`; member removal adds `self`. */
export type CaseVariant = Variant | 'world' | 'self';

/** A request to make instead of the one derived from the route. */
export interface CaseOverride {
  /** Who sends it, when it is not the identity's own account (a stand-in of the same role). */
  as?: TestUser;
  params?: Record<string, string>;
  body?: unknown;
}

/** How to build and judge the cases of one operation. */
export interface OperationSpec {
  rule: Rule;
  /** Status of a successful call. */
  ok: number;
  /** Variants to run; default: the entity variants when the path addresses an entity, else `world`. */
  variants?: CaseVariant[];
  /** Expected status when the rule alone cannot say (e.g. the owner leaving); undefined = from the rule. */
  expect?: (identity: IdentityName, variant: CaseVariant) => number | undefined;
  /** Builds the request's specifics beyond the default (a sampled body; an own entity for successful writes). */
  build?: (context: CaseContext) => Promise<CaseOverride>;
  /** The world's own name and id may be shown to a non-member (an invitation's preview). */
  showsWorldToOutsiders?: boolean;
}

/** The entity kind a path parameter addresses (`instanceId` is an inventory entry). */
export function entityOf(param: string): EntityParam | undefined {
  if (param === 'instanceId') return 'inventoryItemId';
  return (ENTITY_PARAMS as readonly string[]).includes(param) ? (param as EntityParam) : undefined;
}

/** The entity an operation addresses: its deepest path parameter, when that is an entity. */
export function addressedEntity(route: ApiRoute): { param: string; kind: EntityParam } | undefined {
  const param = route.pathParams.at(-1);
  const kind = param === undefined ? undefined : entityOf(param);
  return param !== undefined && kind ? { param, kind } : undefined;
}

const isEditor = (identity: IdentityName): boolean => identity === 'owner' || identity === 'editor';

/**
 * The status a rule gives an identity on a variant.
 * @param ok the operation's success status.
 */
export function statusByRule(rule: Rule, identity: IdentityName, variant: CaseVariant, ok: number): number {
  if (rule === 'anyone') return ok;
  if (identity === 'signed out') return 401;
  if (rule === 'signed-in') return ok;
  if (identity === 'non-member') return 404;
  const entityVariant: Variant = variant === 'secret' || variant === 'revealed' ? variant : 'public';
  if (!maySee(identity, entityVariant)) return 404;
  switch (rule) {
    case 'read':
      return ok;
    case 'write':
      return isEditor(identity) ? ok : 403;
    case 'write-own-character':
      return isEditor(identity) || (identity === 'player' && variant === 'public') ? ok : 403;
    case 'write-player':
      return isEditor(identity) || identity === 'player' ? ok : 403;
    case 'member':
      return ok;
    case 'owner':
      return identity === 'owner' ? ok : 403;
  }
}

/** Creates a fresh entity of the addressed kind and variant for a successful write, under public parents. */
async function ownEntity(context: CaseContext, route: ApiRoute): Promise<CaseOverride> {
  const addressed = addressedEntity(route);
  if (!context.succeeds || !addressed || context.variant === 'world' || context.variant === 'self') return {};
  const id = await context.maker.make(addressed.kind, context.variant);
  return { params: { ...context.params, [addressed.param]: id } };
}

const base = (context: CaseContext, params = context.params): string => `/api/worlds/${params.worldId}`;

/** A fresh account (for adding, inviting or standing in for a member who leaves). */
const freshUser = (context: CaseContext): Promise<TestUser> => createUser(context.app);

const read = (ok = 200): OperationSpec => ({ rule: 'read', ok });

/** The tag routes' path parameters for the fixture's character of the case's variant. */
const taggedCharacter = (context: CaseContext): Record<string, string> => {
  const variant: Variant = context.variant === 'secret' || context.variant === 'revealed' ? context.variant : 'public';
  return { entityType: 'character', entityId: context.world.ids.characterId[variant] };
};
const write = (ok: number, build?: OperationSpec['build']): OperationSpec => ({ rule: 'write', ok, ...(build ? { build } : {}) });

/**
 * A successful calendar write gets a calendar of its own (the fixture's stays for the other cases); a refused
 * one aims at the fixture's. The body is the calendar as it reads, renamed.
 */
const calendarWrite = (ok: number, withBody: boolean): OperationSpec =>
  write(ok, async (context) => {
    const calendarsUrl = `${base(context)}/calendars`;
    const calendar = context.succeeds
      ? await send(context.app, context.world.cast.owner, 'POST', calendarsUrl, { preset: 'thirteen-moons' })
      : (
          await context.app.inject({
            method: 'GET',
            url: `${calendarsUrl}/${context.world.calendarId}`,
            headers: context.world.cast.owner.headers,
          })
        ).json<Record<string, unknown>>();
    const params = { ...context.params, calendarId: String(calendar.calendarId) };
    return withBody ? { params, body: { ...calendar, name: `${context.world.markers.public} calendar` } } : { params };
  });

/**
 * A note of the case's caller to address: their own for a member (a fresh one, so a deletion leaves the others),
 * the owner's for a non-member or a signed-out caller (who must not reach it).
 */
const ownNote =
  (withBody: boolean): NonNullable<OperationSpec['build']> =>
  async (context) => {
    const { app, world } = context;
    const author = context.succeeds ? headersAuthor(world, context.identity) : world.cast.owner;
    const note = await send(app, author, 'POST', `${base(context)}/notes`, {
      entityType: 'character',
      entityId: world.ids.characterId.public,
      text: `${world.markers.public} note`,
    });
    return {
      params: { ...context.params, noteId: String(note.noteId) },
      ...(withBody ? { body: { text: `${world.markers.public} note, edited` } } : {}),
    };
  };

/** The fixture account of a member identity. */
function headersAuthor(world: AccessWorld, identity: IdentityName): TestUser {
  const byName: Partial<Record<IdentityName, TestUser>> = {
    owner: world.cast.owner,
    editor: world.cast.editor,
    player: world.cast.player,
    viewer: world.cast.viewer,
  };
  const user = byName[identity];
  if (!user) throw new Error(`${identity} writes no notes`);
  return user;
}

/**
 * Every operation's spec, keyed 'METHOD /api/path'. Builders receive the route through the matrix, which fills
 * the default parts (sampled body, own entity) itself when `build` is absent.
 */
export const OPERATIONS: Record<string, OperationSpec> = {
  'GET /api/version': { rule: 'anyone', ok: 200 },
  'GET /api/health': { rule: 'anyone', ok: 200 },
  'POST /api/auth/register': {
    rule: 'anyone',
    ok: 201,
    build: async (context) => {
      const tag = `${context.identity.replace(/\W/g, '')}${Math.random().toString(16).slice(2, 10)}`;
      const inviteCode = await createInviteCode(context.app.db);
      return { body: { username: `reg_${tag}`, email: `reg_${tag}@example.test`, password: 'secret123', inviteCode } };
    },
  },
  'POST /api/auth/login': {
    rule: 'anyone',
    ok: 200,
    build: async (context) => ({ body: { email: context.world.cast.viewer.user.email, password: 'secret123' } }),
  },
  'GET /api/auth/me': { rule: 'signed-in', ok: 200 },
  // Signing out everywhere ends the caller's tokens: a stand-in account signs out, so the matrix's cast stays signed in.
  'POST /api/auth/logout-all': {
    rule: 'signed-in',
    ok: 200,
    build: async (context) => (context.identity === 'signed out' ? {} : { as: await freshUser(context) }),
  },
  'POST /api/invites/request': { rule: 'anyone', ok: 202 },

  'GET /api/worlds': { rule: 'signed-in', ok: 200 },
  'POST /api/worlds': { rule: 'signed-in', ok: 201 },
  'GET /api/worlds/{worldId}': read(),
  'GET /api/worlds/{worldId}/export': read(),
  // Any account may import an archive as a new world of its own.
  'POST /api/worlds/import': { rule: 'signed-in', ok: 201, build: async () => ({ body: minimalBundle() }) },
  'PUT /api/worlds/{worldId}': write(200, async (context) => ({
    body: { name: `${context.world.markers.public} world`, description: null },
  })),
  'DELETE /api/worlds/{worldId}': {
    rule: 'owner',
    ok: 204,
    build: async (context) => {
      if (!context.succeeds) return {};
      const own = await send(context.app, context.world.cast.owner, 'POST', '/api/worlds', { name: 'Doomed', description: null });
      return { params: { worldId: String(own.worldId) } };
    },
  },

  'GET /api/worlds/{worldId}/members': read(),
  'POST /api/worlds/{worldId}/members': {
    rule: 'owner',
    ok: 201,
    build: async (context) => {
      const user = context.succeeds ? await freshUser(context) : context.world.cast.outsider;
      return { body: { user: user.user.username, role: 'viewer' } };
    },
  },
  'PATCH /api/worlds/{worldId}/members/{userId}': {
    rule: 'owner',
    ok: 200,
    build: async (context) => ({ params: { ...context.params, userId: context.world.bystander.user.userId }, body: { role: 'viewer' } }),
  },
  'DELETE /api/worlds/{worldId}/members/{userId}': {
    rule: 'owner',
    ok: 204,
    variants: ['world', 'self'],
    // Leaving: every member but the owner may; the owner must transfer ownership first.
    expect: (identity, variant) => {
      if (variant !== 'self' || identity === 'signed out' || identity === 'non-member') return undefined;
      return identity === 'owner' ? 409 : 204;
    },
    build: async (context) => {
      const { app, world } = context;
      if (context.variant === 'self') {
        const role = context.identity;
        if (role === 'editor' || role === 'player' || role === 'viewer') {
          // A stand-in of the same role leaves, so the fixture's member stays.
          const standIn = await freshUser(context);
          await addMember(app, world.cast.owner, world.worldId, standIn, role);
          return { as: standIn, params: { ...context.params, userId: standIn.user.userId } };
        }
        const self = role === 'owner' ? world.cast.owner : world.cast.outsider;
        return { params: { ...context.params, userId: self.user.userId } };
      }
      if (!context.succeeds) return { params: { ...context.params, userId: world.bystander.user.userId } };
      const leaving = await freshUser(context);
      await addMember(app, world.cast.owner, world.worldId, leaving, 'viewer');
      return { params: { ...context.params, userId: leaving.user.userId } };
    },
  },
  'POST /api/worlds/{worldId}/transfer': {
    rule: 'owner',
    ok: 200,
    build: async (context) => {
      const { app, world } = context;
      if (!context.succeeds) return { body: { userId: world.bystander.user.userId } };
      // Ownership of the matrix's world must not move: the owner hands over a world of their own.
      const own = await send(app, world.cast.owner, 'POST', '/api/worlds', { name: 'Handed over', description: null });
      await addMember(app, world.cast.owner, String(own.worldId), world.bystander, 'editor');
      return { params: { worldId: String(own.worldId) }, body: { userId: world.bystander.user.userId } };
    },
  },
  'GET /api/worlds/{worldId}/invitations': { rule: 'owner', ok: 200 },
  'POST /api/worlds/{worldId}/invitations': {
    rule: 'owner',
    ok: 201,
    build: async () => ({ body: { role: 'player', maxUses: 1 } }),
  },
  'DELETE /api/worlds/{worldId}/invitations/{invitationId}': {
    rule: 'owner',
    ok: 204,
    build: async (context) => {
      if (!context.succeeds) return { params: { ...context.params, invitationId: context.world.invitation.invitationId } };
      const made = await send(context.app, context.world.cast.owner, 'POST', `${base(context)}/invitations`, { role: 'viewer' });
      return { params: { ...context.params, invitationId: String(made.invitationId) } };
    },
  },
  // Webhooks are the owner's alone (issue 15); the fixture's is paused, a successful delete removes one of its own.
  'GET /api/worlds/{worldId}/webhooks': { rule: 'owner', ok: 200 },
  'POST /api/worlds/{worldId}/webhooks': { rule: 'owner', ok: 201, build: async () => ({ body: ACCESS_WEBHOOK }) },
  'GET /api/worlds/{worldId}/webhooks/{webhookId}': { rule: 'owner', ok: 200 },
  'PUT /api/worlds/{worldId}/webhooks/{webhookId}': {
    rule: 'owner',
    ok: 200,
    build: async () => ({ body: { events: ['character.*'], active: false } }),
  },
  'DELETE /api/worlds/{worldId}/webhooks/{webhookId}': {
    rule: 'owner',
    ok: 204,
    build: async (context) => {
      if (!context.succeeds) return {};
      const made = await send(context.app, context.world.cast.owner, 'POST', `${base(context)}/webhooks`, ACCESS_WEBHOOK);
      return { params: { ...context.params, webhookId: String(made.webhookId) } };
    },
  },
  'POST /api/worlds/{worldId}/webhooks/{webhookId}/secret': { rule: 'owner', ok: 200 },
  'GET /api/worlds/{worldId}/webhooks/{webhookId}/deliveries': { rule: 'owner', ok: 200 },
  // History (issue 15): read like the entity itself; restore like a write of it. The fixture's character of the
  // case's variant; a successful restore gets a character of its own and writes back its first version.
  'GET /api/worlds/{worldId}/history/{entityType}/{entityId}': {
    rule: 'read',
    ok: 200,
    variants: ['public', 'secret', 'revealed'],
    build: async (context) => ({ params: { ...context.params, ...taggedCharacter(context) } }),
  },
  // Recently deleted: editors and the owner only (it names deleted secrets).
  'GET /api/worlds/{worldId}/history/deleted': write(200),
  'POST /api/worlds/{worldId}/history/{entityType}/{entityId}/{sequence}/restore': {
    rule: 'write',
    ok: 200,
    variants: ['public', 'secret', 'revealed'],
    build: async (context) => {
      const target = taggedCharacter(context);
      if (!context.succeeds) return { params: { ...context.params, ...target, sequence: '1' } };
      const variant: Variant = context.variant === 'secret' || context.variant === 'revealed' ? context.variant : 'public';
      const entityId = await context.maker.make('characterId', variant);
      const history = await context.app.inject({
        url: `${base(context)}/history/character/${entityId}`,
        headers: context.world.cast.owner.headers,
      });
      const entries = history.json<{ data: Array<{ sequence: number }> }>().data;
      return { params: { ...context.params, entityType: 'character', entityId, sequence: String(entries.at(-1)?.sequence ?? 1) } };
    },
  },
  // Since you last looked: any member reads their own list and records their own visit.
  'GET /api/worlds/{worldId}/since-last-visit': read(),
  'POST /api/worlds/{worldId}/visit': read(),
  'GET /api/world-invitations/{code}': { rule: 'signed-in', ok: 200, showsWorldToOutsiders: true },
  'POST /api/world-invitations/{code}/accept': {
    rule: 'signed-in',
    ok: 200,
    showsWorldToOutsiders: true,
    // A member keeps their role and uses nothing (200); an outsider joins, through a stand-in so the matrix's
    // outsider stays out.
    build: async (context) => (context.identity === 'non-member' ? { as: await freshUser(context) } : {}),
  },

  'GET /api/worlds/{worldId}/characters': read(),
  'POST /api/worlds/{worldId}/characters': write(201),
  'GET /api/worlds/{worldId}/characters/{characterId}': read(),
  'PUT /api/worlds/{worldId}/characters/{characterId}': { rule: 'write-own-character', ok: 200 },
  'DELETE /api/worlds/{worldId}/characters/{characterId}': write(204),
  // No world in the path: the route reaches only characters of worlds the caller edits; for anyone else a
  // character is as missing as one that does not exist.
  'PATCH /api/characters/{characterId}': {
    rule: 'write',
    ok: 200,
    expect: (identity) => (identity === 'player' || identity === 'viewer' ? 404 : undefined),
    build: async (context) => ({ body: { worldId: context.world.otherWorldId } }),
  },
  'GET /api/worlds/{worldId}/characters/{characterId}/history': read(),

  'GET /api/worlds/{worldId}/characters/{characterId}/relationships': read(),
  'POST /api/worlds/{worldId}/characters/{characterId}/relationships': write(201),
  'GET /api/worlds/{worldId}/characters/{characterId}/relationships/{relationshipId}': read(),
  'PUT /api/worlds/{worldId}/characters/{characterId}/relationships/{relationshipId}': write(200, async (context) => {
    // A relationship keeps its target on edit (another target may already be related).
    const current = await context.app.inject({
      method: 'GET',
      url: `${base(context)}/characters/${context.params.characterId}/relationships/${context.params.relationshipId}`,
      headers: context.world.cast.owner.headers,
    });
    return {
      body: {
        targetCharacterId: current.json<{ targetCharacterId: string }>().targetCharacterId,
        relationshipType: 'friend',
        description: 'Edited',
      },
    };
  }),
  'DELETE /api/worlds/{worldId}/characters/{characterId}/relationships/{relationshipId}': write(204),

  'GET /api/worlds/{worldId}/goals': read(),
  'POST /api/worlds/{worldId}/goals': write(201),
  'GET /api/worlds/{worldId}/goals/{goalId}': read(),
  'PUT /api/worlds/{worldId}/goals/{goalId}': write(200),
  'DELETE /api/worlds/{worldId}/goals/{goalId}': write(204),
  'GET /api/worlds/{worldId}/characters/{characterId}/goals': read(),
  'POST /api/worlds/{worldId}/characters/{characterId}/goals': write(201),
  'GET /api/worlds/{worldId}/characters/{characterId}/goals/{goalId}': read(),
  'PUT /api/worlds/{worldId}/characters/{characterId}/goals/{goalId}': write(200),
  'DELETE /api/worlds/{worldId}/characters/{characterId}/goals/{goalId}': write(204),

  'GET /api/worlds/{worldId}/characters/{characterId}/inventory': read(),
  'POST /api/worlds/{worldId}/characters/{characterId}/inventory': write(201),
  'GET /api/worlds/{worldId}/characters/{characterId}/inventory/{inventoryItemId}': read(),
  'PUT /api/worlds/{worldId}/characters/{characterId}/inventory/{inventoryItemId}': write(200),
  'DELETE /api/worlds/{worldId}/characters/{characterId}/inventory/{inventoryItemId}': write(204),

  'GET /api/worlds/{worldId}/items': read(),
  'POST /api/worlds/{worldId}/items': write(201),
  'GET /api/worlds/{worldId}/items/{itemId}': read(),
  'PUT /api/worlds/{worldId}/items/{itemId}': write(200),
  'DELETE /api/worlds/{worldId}/items/{itemId}': write(204),
  'GET /api/worlds/{worldId}/items/{itemId}/instances': read(),
  'POST /api/worlds/{worldId}/items/{itemId}/instances': write(201),
  'GET /api/worlds/{worldId}/items/{itemId}/instances/{instanceId}': read(),
  'GET /api/worlds/{worldId}/items/{itemId}/provenance': read(),

  'GET /api/worlds/{worldId}/timelines': read(),
  'POST /api/worlds/{worldId}/timelines': write(201),
  'GET /api/worlds/{worldId}/timelines/{timelineId}': read(),
  'PUT /api/worlds/{worldId}/timelines/{timelineId}': write(200),
  'DELETE /api/worlds/{worldId}/timelines/{timelineId}': write(204),
  'GET /api/worlds/{worldId}/timelines/{timelineId}/events': read(),
  'GET /api/worlds/{worldId}/timelines/{timelineId}/state': read(),
  'GET /api/worlds/{worldId}/timelines/{timelineId}/diff': read(),
  'GET /api/worlds/{worldId}/timelines/{timelineId}/issues': read(),

  'GET /api/worlds/{worldId}/search': read(),
  'GET /api/worlds/{worldId}/graph': read(),
  'GET /api/worlds/{worldId}/tags': read(),
  'GET /api/worlds/{worldId}/characters/{characterId}/backlinks': read(),
  'GET /api/worlds/{worldId}/items/{itemId}/backlinks': read(),
  'GET /api/worlds/{worldId}/quests/{questId}/backlinks': read(),
  'GET /api/worlds/{worldId}/events/{eventId}/backlinks': read(),
  'GET /api/worlds/{worldId}/timelines/{timelineId}/backlinks': read(),
  'GET /api/worlds/{worldId}/maps/{mapId}/backlinks': read(),
  'GET /api/worlds/{worldId}/maps/{mapId}/points/{pointId}/backlinks': read(),
  'GET /api/worlds/{worldId}/maps/{mapId}/areas/{areaId}/backlinks': read(),
  'GET /api/worlds/{worldId}/goals/{goalId}/backlinks': read(),
  // The tag routes address an entity by type and id: a character of each variant stands for them all.
  'GET /api/worlds/{worldId}/tags/{entityType}/{entityId}': {
    rule: 'read',
    ok: 200,
    variants: ['public', 'secret', 'revealed'],
    build: async (context) => ({ params: { ...context.params, ...taggedCharacter(context) } }),
  },
  'PUT /api/worlds/{worldId}/tags/{entityType}/{entityId}': {
    rule: 'write',
    ok: 200,
    variants: ['public', 'secret', 'revealed'],
    build: async (context) => ({ params: { ...context.params, ...taggedCharacter(context) }, body: { tags: ['Emerald'] } }),
  },

  'GET /api/worlds/{worldId}/events': read(),
  'POST /api/worlds/{worldId}/events': write(201),
  'GET /api/worlds/{worldId}/events/{eventId}': read(),
  'PUT /api/worlds/{worldId}/events/{eventId}': write(200),
  'DELETE /api/worlds/{worldId}/events/{eventId}': write(204),

  // Calendars hold no secrets: every member reads them, editors and the owner write them.
  'GET /api/worlds/{worldId}/calendars': read(),
  'POST /api/worlds/{worldId}/calendars': write(201, async () => ({ body: { preset: 'harptos' } })),
  'POST /api/worlds/{worldId}/calendars/import': write(201, async () => ({ body: fantasyCalendarExport })),
  'GET /api/worlds/{worldId}/calendars/{calendarId}': read(),
  'GET /api/worlds/{worldId}/calendars/{calendarId}/convert': read(),
  'PUT /api/worlds/{worldId}/calendars/{calendarId}': calendarWrite(200, true),
  'DELETE /api/worlds/{worldId}/calendars/{calendarId}': calendarWrite(204, false),

  'GET /api/worlds/{worldId}/maps': read(),
  'POST /api/worlds/{worldId}/maps': write(201),
  'GET /api/worlds/{worldId}/maps/{mapId}': read(),
  'PUT /api/worlds/{worldId}/maps/{mapId}': write(200),
  'DELETE /api/worlds/{worldId}/maps/{mapId}': write(204),
  'GET /api/worlds/{worldId}/maps/{mapId}/image': read(),
  'PUT /api/worlds/{worldId}/maps/{mapId}/image': write(200),
  'DELETE /api/worlds/{worldId}/maps/{mapId}/image': write(204, async (context) => {
    if (!context.succeeds) return {};
    const upload = await context.app.inject({
      method: 'PUT',
      url: `${base(context)}/maps/${context.params.mapId}/image`,
      headers: { ...context.world.cast.owner.headers, 'content-type': 'image/png' },
      payload: TINY_PNG,
    });
    if (upload.statusCode !== 200) throw new Error(`map image upload answered ${upload.statusCode}`);
    return {};
  }),
  'GET /api/worlds/{worldId}/maps/{mapId}/points': read(),
  'POST /api/worlds/{worldId}/maps/{mapId}/points': write(201),
  'GET /api/worlds/{worldId}/maps/{mapId}/points/{pointId}': read(),
  'PUT /api/worlds/{worldId}/maps/{mapId}/points/{pointId}': write(200),
  'DELETE /api/worlds/{worldId}/maps/{mapId}/points/{pointId}': write(204),
  'GET /api/worlds/{worldId}/maps/{mapId}/areas': read(),
  'POST /api/worlds/{worldId}/maps/{mapId}/areas': write(201),
  'GET /api/worlds/{worldId}/maps/{mapId}/areas/{areaId}': read(),
  'PUT /api/worlds/{worldId}/maps/{mapId}/areas/{areaId}': write(200),
  'DELETE /api/worlds/{worldId}/maps/{mapId}/areas/{areaId}': write(204),

  'GET /api/worlds/{worldId}/connections': read(),
  'POST /api/worlds/{worldId}/connections': write(201),
  'GET /api/worlds/{worldId}/connections/{connectionId}': read(),
  'PUT /api/worlds/{worldId}/connections/{connectionId}': write(200),
  'DELETE /api/worlds/{worldId}/connections/{connectionId}': write(204),

  'GET /api/worlds/{worldId}/quests': read(),
  'POST /api/worlds/{worldId}/quests': write(201),
  'GET /api/worlds/{worldId}/quests/active': read(),
  'GET /api/worlds/{worldId}/quests/{questId}': read(),
  'PUT /api/worlds/{worldId}/quests/{questId}': write(200),
  'DELETE /api/worlds/{worldId}/quests/{questId}': write(204),
  // A player accepts for the character assigned to them (the fixture's public character).
  'POST /api/worlds/{worldId}/quests/{questId}/accept': {
    rule: 'write-player',
    ok: 200,
    build: async (context) => ({ body: { characterId: context.world.ids.characterId.public } }),
  },
  'DELETE /api/worlds/{worldId}/quests/{questId}/abandon': write(200, async (context) => {
    if (!context.succeeds) return {};
    const accept = `${base(context)}/quests/${context.params.questId}/accept?characterId=${context.world.ids.characterId.public}`;
    await send(context.app, context.world.cast.owner, 'POST', accept, undefined, 200);
    return {};
  }),
  'GET /api/worlds/{worldId}/quests/{questId}/objectives': read(),
  'POST /api/worlds/{worldId}/quests/{questId}/objectives': write(201),
  'GET /api/worlds/{worldId}/quests/{questId}/objectives/{objectiveId}': read(),
  'PUT /api/worlds/{worldId}/quests/{questId}/objectives/{objectiveId}': write(200),
  'DELETE /api/worlds/{worldId}/quests/{questId}/objectives/{objectiveId}': write(204),
  // The fixture's public quest is held by the player's character, so the player may tick its objectives.
  'POST /api/worlds/{worldId}/quests/{questId}/objectives/{objectiveId}/progress': { rule: 'write-player', ok: 200 },

  // Every member keeps notes of their own; only their author reaches them.
  'GET /api/worlds/{worldId}/notes': read(),
  'POST /api/worlds/{worldId}/notes': {
    rule: 'member',
    ok: 201,
    build: async (context) => ({
      body: { entityType: 'character', entityId: context.world.ids.characterId.public, text: `${context.world.markers.public} note` },
    }),
  },
  'GET /api/worlds/{worldId}/notes/{noteId}': { rule: 'member', ok: 200, build: ownNote(false) },
  'PUT /api/worlds/{worldId}/notes/{noteId}': { rule: 'member', ok: 200, build: ownNote(true) },
  'DELETE /api/worlds/{worldId}/notes/{noteId}': { rule: 'member', ok: 204, build: ownNote(false) },

  // The live feed and presence: every member reads the feed (hidden changes are left out) and says they are here.
  'GET /api/worlds/{worldId}/changes': read(),
  'GET /api/worlds/{worldId}/presence': read(),
  'PUT /api/worlds/{worldId}/presence': { rule: 'read', ok: 200, build: async () => ({ body: { editing: false } }) },
};

/**
 * Default request specifics: a successful write gets an entity of its own (of the addressed kind and variant),
 * so it changes nothing the read cases and the other writes rely on.
 */
export async function defaultOverride(context: CaseContext, route: ApiRoute): Promise<CaseOverride> {
  return context.succeeds && route.method !== 'GET' ? ownEntity(context, route) : {};
}

/** A sampled body for a route: required fields, references to the world's public entities. */
export function sampledBody(route: ApiRoute, world: AccessWorld, params: Record<string, string>): unknown {
  if (!route.bodySchema) return undefined;
  if (route.path.endsWith('/progress')) return { increment: 1 };
  const refs: Record<string, string> = {
    characterId: world.ids.characterId.public,
    itemId: world.stockItemId,
    timelineId: world.ids.timelineId.public,
    sourceId: world.ids.characterId.public,
    targetId: world.bystanderCharacterId,
    ...params,
    targetCharacterId: world.bystanderCharacterId,
  };
  return sampleValue(route.bodySchema, refs);
}
