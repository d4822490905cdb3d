/**
 * Mounts every /api route: public ones (auth, invites, system), then the protected ones behind
 * `app.authenticate`, each resource in its own module.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './modules/auth/auth.routes.js';
import { inviteRoutes } from './modules/invites/invite.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { worldRoutes } from './modules/worlds/world.routes.js';
import { characterRoutes } from './modules/characters/character.routes.js';
import { relationshipRoutes } from './modules/relationships/relationship.routes.js';
import { goalRoutes } from './modules/goals/goal.routes.js';
import { inventoryRoutes } from './modules/inventory/inventory.routes.js';
import { itemRoutes } from './modules/items/item.routes.js';
import { itemInstanceRoutes } from './modules/items/item-instance.routes.js';
import { timelineRoutes } from './modules/timelines/timeline.routes.js';
import { eventRoutes } from './modules/events/event.routes.js';
import { mapRoutes } from './modules/maps/map.routes.js';
import { mapImageRoutes } from './modules/maps/map-image.routes.js';
import { mapPointRoutes } from './modules/map-points/map-point.routes.js';
import { mapAreaRoutes } from './modules/map-areas/map-area.routes.js';
import { connectionRoutes } from './modules/connections/connection.routes.js';
import { questRoutes } from './modules/quests/quest.routes.js';
import { objectiveRoutes } from './modules/quests/objective.routes.js';
import { timelineEngineRoutes } from './modules/timeline-engine/timeline-engine.routes.js';
import { calendarRoutes } from './modules/calendars/calendar.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { graphRoutes } from './modules/graph/graph.routes.js';
import { tagRoutes } from './modules/tags/tag.routes.js';
import { webhookRoutes } from './modules/webhooks/webhook.routes.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { visitRoutes } from './modules/visits/visit.routes.js';
import { noteRoutes } from './modules/notes/note.routes.js';
import { type LiveOptions, changeRoutes } from './modules/changes/change.routes.js';
import { presenceRoutes } from './modules/presence/presence.routes.js';
import { backlinkRoutes } from './modules/mentions/backlink.routes.js';
import { mentionRenderHook } from './modules/mentions/mention.render.js';
import { setVersionEtag } from './lib/versioned-update.js';
import { runAsActor } from './db/actor.js';
import { describeOperation } from './openapi/operations.js';
import { registerWorldScope } from './modules/worlds/world-scope.plugin.js';
import { memberRoutes } from './modules/members/member.routes.js';
import { worldInvitationRoutes } from './modules/world-invitations/world-invitation.routes.js';
import { transferRoutes } from './modules/transfer/transfer.routes.js';
import type { ArchiveLimits } from './modules/transfer/archive.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Ends the request's run as its user's actor (db/actor.ts); null for reads, which never act. */
    releaseActor: (() => void) | null;
  }
}

/** Methods that only read: their requests run without an actor. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Options of the /api routes: settings from config.ts that routes need. */
export interface ApiRoutesOptions {
  /** Bounds of POST /worlds/import. */
  importLimits: ArchiveLimits;
  /** The live feed's limits (config liveStreamsPerUser, liveHeartbeatMs). */
  live: LiveOptions;
}

export const apiRoutes: FastifyPluginAsyncZod<ApiRoutesOptions> = async (app, options) => {
  // Every operation's operationId, and `security: []` on public ones; the protected scope below then sets its scheme.
  app.addHook('onRoute', describeOperation);
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(inviteRoutes);

  await app.register(async (api) => {
    api.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    });
    api.addHook('onRequest', api.authenticate);
    // Everything after authentication (hooks and handler) of a request that may write runs as the signed-in
    // user, so the change log names who wrote each row (db/actor.ts), until its answer is sent. A callback hook:
    // the rest of the request continues inside `done`. Reads write nothing and skip it (see runAsActor).
    api.decorateRequest('releaseActor', null);
    api.addHook('preHandler', (request, _reply, done) => {
      if (READ_METHODS.has(request.method)) {
        done();
        return;
      }
      runAsActor(request.userId, (release) => {
        request.releaseActor = release;
        done();
      });
    });
    // An answer never sent (its client went away first) keeps its actor, so a handler still writing keeps naming it.
    api.addHook('onResponse', (request, _reply, done) => {
      request.releaseActor?.();
      done();
    });
    registerWorldScope(api);
    // Every single-entity answer names its version, for If-Match on the next edit (lib/versioned-update.ts).
    // A callback hook: it runs on every answer and never waits, so it makes no promise.
    api.addHook('preSerialization', (request, reply, payload, done) => {
      setVersionEtag(request, reply, payload);
      done(null, payload);
    });
    // Mentions in every answer show their targets' current names, or plain text where the reader may not see them.
    api.addHook('preSerialization', mentionRenderHook(app.db));
    await api.register(worldRoutes);
    await api.register(memberRoutes);
    await api.register(worldInvitationRoutes);
    await api.register(characterRoutes);
    await api.register(relationshipRoutes);
    await api.register(goalRoutes);
    await api.register(inventoryRoutes);
    await api.register(itemRoutes);
    await api.register(itemInstanceRoutes);
    await api.register(timelineRoutes);
    await api.register(eventRoutes);
    await api.register(mapRoutes);
    await api.register(mapImageRoutes);
    await api.register(mapPointRoutes);
    await api.register(mapAreaRoutes);
    await api.register(connectionRoutes);
    await api.register(questRoutes);
    await api.register(objectiveRoutes);
    await api.register(timelineEngineRoutes);
    await api.register(calendarRoutes);
    await api.register(searchRoutes);
    await api.register(graphRoutes);
    await api.register(tagRoutes);
    await api.register(webhookRoutes);
    await api.register(historyRoutes);
    await api.register(visitRoutes);
    await api.register(noteRoutes);
    await api.register(transferRoutes, { importLimits: options.importLimits });
    await api.register(changeRoutes, options.live);
    await api.register(presenceRoutes);
    await api.register(backlinkRoutes);
  });
};
