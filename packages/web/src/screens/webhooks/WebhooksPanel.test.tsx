import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEBHOOK_MESSAGES, type Webhook, type WebhookWithSecret } from '@loreforge/contract';
import { defined, jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../test/render';
import { WebhooksPanel, parseEvents } from './WebhooksPanel';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const HOOK = 'dddddddd-0000-4000-8000-000000000001';
const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const made: WebhookWithSecret = {
  webhookId: HOOK,
  worldId: W,
  url: 'https://hooks.example.com/oz',
  events: ['character.*'],
  active: true,
  secretHint: 'DEFG',
  createdBy: 'u1',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  secret: SECRET,
};

describe('WebhooksPanel', () => {
  it('reads the events box as the API takes it', () => {
    expect(parseEvents('character.*, item.deleted')).toEqual(['character.*', 'item.deleted']);
    expect(parseEvents('  ')).toEqual(['*']);
  });

  it("adds a webhook, shows its secret once, lists it without the secret, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    signIn();
    const list: Webhook[] = [];
    const fetch = mockFetch(async (url, init) => {
      if (url.pathname.endsWith('/webhooks') && init.method === 'POST') {
        const body = sentJson(init) as { url: string };
        if (body.url.includes('127.0.0.1')) {
          return jsonResponse(
            { message: WEBHOOK_MESSAGES.urlPrivate, code: 'VALIDATION_FAILED', fields: { url: WEBHOOK_MESSAGES.urlPrivate } },
            400,
          );
        }
        const { secret: _secret, ...shown } = made;
        list.push(shown);
        return jsonResponse(made, 201);
      }
      if (url.pathname.endsWith('/webhooks'))
        return jsonResponse({
          data: list,
          pagination: { currentPage: 1, totalPages: 1, totalItems: list.length, limit: 1, nextCursor: null },
        });
      return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes(<WebhooksPanel worldId={W} />);
    await screen.findByText('No webhooks yet.');

    await user.type(screen.getByLabelText('Payload URL'), 'http://127.0.0.1:4000/hook');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.urlPrivate)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Payload URL'));
    await user.type(screen.getByLabelText('Payload URL'), 'https://hooks.example.com/oz');
    await user.clear(screen.getByLabelText('Events'));
    await user.type(screen.getByLabelText('Events'), 'character.*');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent(SECRET);
    const row = defined((await screen.findByText('https://hooks.example.com/oz', { selector: 'td code' })).closest('tr'), 'webhook row');
    expect(row).toHaveTextContent('…DEFG');
    expect(row).not.toHaveTextContent(SECRET);
    const sent = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => sentJson(init));
    expect(sent.at(-1)).toEqual({ url: 'https://hooks.example.com/oz', events: ['character.*'] });
    expect(within(row).getByRole('button', { name: 'Deliveries' })).toBeInTheDocument();
  });
});
