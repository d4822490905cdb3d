import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_MESSAGES,
  WEBHOOK_MESSAGES,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookWithSecret,
} from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { addMember } from '../../../test/factories/member.js';
import { createWorld } from '../../../test/factories/world.js';
import { verifyWebhookSignature } from './webhook-signature.js';
import { present } from '../../../test/present.js';

/** A real HTTP receiver on 127.0.0.1 that answers with the statuses given, in turn (then 200). */
async function startReceiver(statuses: number[] = []) {
  const received: Array<{ body: string; signature: string; eventId: string }> = [];
  let calls = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['loreforge-signature'] ?? ''),
        eventId: String(request.headers['loreforge-event-id'] ?? ''),
      });
      response.statusCode = statuses[calls] ?? 200;
      calls += 1;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` holds (the worker runs every 50 ms here), or fails after a few seconds. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 8_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(DIALECTS)('webhooks on %s', (dialect) => {
  describe('as the server ships (private targets refused)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(dialect, { webhookPollMs: 0 });
    });
    afterAll(async () => t.close());

    it.each([
      ['http://127.0.0.1:8080/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://localhost/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://0x7f.1/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://2130706433/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://[::1]/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://[::ffff:10.0.0.1]/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://10.1.2.3/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://192.168.1.20/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://172.16.0.5/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://169.254.169.254/latest/meta-data/', WEBHOOK_MESSAGES.urlPrivate],
      ['http://100.64.0.1/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://224.0.0.1/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://[fd00:ec2::254]/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://[fe80::1]/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['http://0.0.0.0/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['ftp://93.184.215.14/hook', WEBHOOK_MESSAGES.urlScheme],
      ['file:///etc/passwd', WEBHOOK_MESSAGES.urlScheme],
      ['https://user:secret@93.184.215.14/hook', WEBHOOK_MESSAGES.urlCredentials],
      ['not a url', WEBHOOK_MESSAGES.urlInvalid],
    ])('refuses %s with a 400 that says why', async (url, message) => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/webhooks`,
        headers: owner.headers,
        payload: { url },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, fields: { url: message } });
    });

    it('refuses a private URL on change too, and keeps the old one', async () => {
      const { world, owner } = await createWorld(t.app);
      const made = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/webhooks`,
        headers: owner.headers,
        payload: { url: 'https://93.184.215.14/hooks', events: ['character.updated'], active: false },
      });
      expect(made.statusCode).toBe(201);
      const { webhookId } = made.json<WebhookWithSecret>();
      const url = `/api/worlds/${world.worldId}/webhooks/${webhookId}`;
      const change = await t.app.inject({ method: 'PUT', url, headers: owner.headers, payload: { url: 'http://10.0.0.7/' } });
      expect(change.statusCode).toBe(400);
      expect(change.json()).toMatchObject({ message: WEBHOOK_MESSAGES.urlPrivate });
      expect((await t.app.inject({ url, headers: owner.headers })).json<Webhook>().url).toBe('https://93.184.215.14/hooks');
    });

    it('shows the secret once, lists and changes webhooks, rotates the secret, and deletes', async () => {
      const { world, owner } = await createWorld(t.app);
      const base = `/api/worlds/${world.worldId}/webhooks`;
      const made = await t.app.inject({
        method: 'POST',
        url: base,
        headers: owner.headers,
        payload: { url: 'https://93.184.215.14/hooks', events: ['character.*', 'item.deleted', 'character.*'], active: false },
      });
      expect(made.statusCode).toBe(201);
      const created = made.json<WebhookWithSecret>();
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(created).toMatchObject({ events: ['character.*', 'item.deleted'], active: false, secretHint: created.secret.slice(-4) });

      const list = await t.app.inject({ url: base, headers: owner.headers });
      expect(list.json<{ data: Webhook[] }>().data).toHaveLength(1);
      expect(list.body).not.toContain(created.secret);

      const changed = await t.app.inject({
        method: 'PUT',
        url: `${base}/${created.webhookId}`,
        headers: owner.headers,
        payload: { events: ['*'] },
      });
      expect(changed.json<Webhook>()).toMatchObject({ events: ['*'], url: 'https://93.184.215.14/hooks', active: false });

      const rotated = await t.app.inject({ method: 'POST', url: `${base}/${created.webhookId}/secret`, headers: owner.headers });
      expect(rotated.json<WebhookWithSecret>().secret).not.toBe(created.secret);

      const badEvents = await t.app.inject({
        method: 'PUT',
        url: `${base}/${created.webhookId}`,
        headers: owner.headers,
        payload: { events: ['dragon.fly'] },
      });
      expect(badEvents.statusCode).toBe(400);
      expect(badEvents.json<{ message: string }>().message).toBe(WEBHOOK_MESSAGES.eventsInvalid);

      expect((await t.app.inject({ method: 'DELETE', url: `${base}/${created.webhookId}`, headers: owner.headers })).statusCode).toBe(204);
      const gone = await t.app.inject({ url: `${base}/${created.webhookId}`, headers: owner.headers });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ message: 'Webhook not found.' });
    });

    it("keeps webhooks to the owner: an editor gets 403, and another world's webhook is not found", async () => {
      const { world, owner } = await createWorld(t.app);
      const editor = await addMember(t.app, owner, world.worldId, 'editor');
      const byEditor = await t.app.inject({ url: `/api/worlds/${world.worldId}/webhooks`, headers: editor.headers });
      expect(byEditor.statusCode).toBe(403);
      expect(byEditor.json()).toMatchObject({ message: ACCESS_MESSAGES.ownerOnly });

      const other = await createWorld(t.app);
      const theirs = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${other.world.worldId}/webhooks`,
        headers: other.owner.headers,
        payload: { url: 'https://93.184.215.14/hooks', active: false },
      });
      const crossWorld = await t.app.inject({
        url: `/api/worlds/${world.worldId}/webhooks/${theirs.json<Webhook>().webhookId}`,
        headers: owner.headers,
      });
      expect(crossWorld.statusCode).toBe(404);
    });
  });

  describe('with WEBHOOKS_ALLOW_PRIVATE=true and a receiver on localhost', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(dialect, {
        webhooksAllowPrivate: true,
        webhookPollMs: 50,
        webhookRetryBaseMs: 100,
        webhookMaxAttempts: 3,
        webhookTimeoutMs: 2_000,
      });
    });
    afterAll(async () => t.close());

    const deliveries = async (worldId: string, webhookId: string, headers: Record<string, string>) =>
      (await t.app.inject({ url: `/api/worlds/${worldId}/webhooks/${webhookId}/deliveries`, headers })).json<{ data: WebhookDelivery[] }>()
        .data;

    it('delivers a change signed with the secret, as the body a receiver can verify', async () => {
      const receiver = await startReceiver();
      try {
        const { world, owner } = await createWorld(t.app);
        const made = await t.app.inject({
          method: 'POST',
          url: `/api/worlds/${world.worldId}/webhooks`,
          headers: owner.headers,
          payload: { url: receiver.url, events: ['character.*'] },
        });
        expect(made.statusCode).toBe(201);
        const { webhookId, secret } = made.json<WebhookWithSecret>();
        const character = await t.app.inject({
          method: 'POST',
          url: `/api/worlds/${world.worldId}/characters`,
          headers: owner.headers,
          payload: { name: 'Cowardly Lion' },
        });
        const characterId = character.json<{ characterId: string }>().characterId;

        await eventually(
          async () => receiver.received.length,
          (count) => count >= 1,
        );
        expect(receiver.received).toHaveLength(1);
        const delivery = present(receiver.received[0], 'the delivery');
        expect(verifyWebhookSignature(secret, delivery.body, delivery.signature)).toBe(true);
        expect(verifyWebhookSignature('whsec_wrong', delivery.body, delivery.signature)).toBe(false);
        expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        const event = JSON.parse(delivery.body) as WebhookEvent;
        expect(event).toMatchObject({
          worldId: world.worldId,
          entityType: 'character',
          entityId: characterId,
          action: 'created',
          by: owner.user.userId,
        });
        expect(delivery.eventId).toBe(event.id);

        const log = await eventually(
          () => deliveries(world.worldId, webhookId, owner.headers),
          (rows) => rows[0]?.status === 'succeeded',
        );
        expect(log).toHaveLength(1);
        expect(log[0]).toMatchObject({
          eventId: event.id,
          attempt: 1,
          status: 'succeeded',
          statusCode: 200,
          error: null,
          action: 'created',
        });
        expect(present(log[0], 'the logged delivery').durationMs).toBeGreaterThanOrEqual(0);
      } finally {
        await receiver.close();
      }
    });

    it('retries after a 500 with the same event id, and logs both attempts', async () => {
      const receiver = await startReceiver([500]);
      try {
        const { world, owner } = await createWorld(t.app);
        const made = await t.app.inject({
          method: 'POST',
          url: `/api/worlds/${world.worldId}/webhooks`,
          headers: owner.headers,
          payload: { url: receiver.url, events: ['*'] },
        });
        const { webhookId, secret } = made.json<WebhookWithSecret>();
        await t.app.inject({
          method: 'POST',
          url: `/api/worlds/${world.worldId}/items`,
          headers: owner.headers,
          payload: { name: 'Silver Shoes' },
        });

        await eventually(
          async () => receiver.received.length,
          (count) => count >= 2,
        );
        expect(receiver.received).toHaveLength(2);
        const first = present(receiver.received[0], 'the first attempt');
        const second = present(receiver.received[1], 'the retry');
        expect(second.body).toBe(first.body);
        expect(verifyWebhookSignature(secret, second.body, second.signature)).toBe(true);

        const log = await eventually(
          () => deliveries(world.worldId, webhookId, owner.headers),
          (rows) => rows.some((row) => row.status === 'succeeded'),
        );
        expect(log.map((row) => [row.attempt, row.status, row.statusCode])).toEqual([
          [2, 'succeeded', 200],
          [1, 'failed', 500],
        ]);
        expect(present(log[1], 'the failed attempt').error).toBe('Answered 500.');
        expect(new Set(log.map((row) => row.eventId)).size).toBe(1);
      } finally {
        await receiver.close();
      }
    });

    it('gives up after the last attempt and sends nothing for changes it did not ask for', async () => {
      const receiver = await startReceiver([503, 503, 503, 503]);
      try {
        const { world, owner } = await createWorld(t.app);
        const made = await t.app.inject({
          method: 'POST',
          url: `/api/worlds/${world.worldId}/webhooks`,
          headers: owner.headers,
          payload: { url: receiver.url, events: ['item.created'] },
        });
        const { webhookId } = made.json<WebhookWithSecret>();
        await t.app.inject({
          method: 'POST',
          url: `/api/worlds/${world.worldId}/characters`,
          headers: owner.headers,
          payload: { name: 'Tin Man' },
        });
        await t.app.inject({
          method: 'POST',
          url: `/api/worlds/${world.worldId}/items`,
          headers: owner.headers,
          payload: { name: 'Oil Can' },
        });

        const log = await eventually(
          () => deliveries(world.worldId, webhookId, owner.headers),
          (rows) => rows.length === 3 && rows.every((row) => row.status === 'failed'),
        );
        expect(log.map((row) => [row.attempt, row.status, row.entityType])).toEqual([
          [3, 'failed', 'item'],
          [2, 'failed', 'item'],
          [1, 'failed', 'item'],
        ]);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(receiver.received).toHaveLength(3);
      } finally {
        await receiver.close();
      }
    });
  });
});
