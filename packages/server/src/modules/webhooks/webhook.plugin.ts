/**
 * Runs the webhook worker on this instance (webhook-worker.ts) every `pollMs`, and exposes the settings to the
 * routes as `app.webhookSettings`. The loop never overlaps itself, stops when the app closes (waiting for the
 * pass in flight), and a failed pass is logged and retried on the next one.
 */
import fp from 'fastify-plugin';
import { type WebhookSettings, runWebhookTick } from './webhook-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook settings from the configuration (WEBHOOKS_ALLOW_PRIVATE, WEBHOOK_*). */
    webhookSettings: WebhookSettings;
  }
}

export const webhookPlugin = fp<WebhookSettings>(
  async (app, settings) => {
    app.decorate('webhookSettings', settings);
    if (settings.pollMs <= 0) return;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const schedule = (): void => {
      if (stopped) return;
      timer = setTimeout(() => {
        running = runWebhookTick(app.db, app.dialect, settings)
          .then(
            () => undefined,
            (error: unknown) => app.log.warn({ err: error }, 'webhook worker pass failed'),
          )
          .finally(schedule);
      }, settings.pollMs);
      timer.unref();
    };
    app.addHook('onReady', async () => schedule());
    app.addHook('preClose', async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'webhooks', dependencies: ['database'] },
);
