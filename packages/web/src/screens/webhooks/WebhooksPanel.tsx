import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Webhook, WebhookWithSecret } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useWebhookMutations, useWebhooks } from '../../api/webhooks';
import { QueryTable } from '../../components/data-table/QueryTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { copyText } from '../../lib/clipboard';
import { DeliveryLog } from './DeliveryLog';

/** Headings of the webhooks table. */
const WEBHOOK_COLUMNS = [
  { label: 'URL' },
  { label: 'Events' },
  { label: 'Secret' },
  { label: 'State' },
  { label: 'Actions', hidden: true },
];

/** Splits the events box ("character.*, item.deleted") into the list the API takes; empty means every change. */
export function parseEvents(text: string): string[] {
  const events = text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return events.length === 0 ? ['*'] : events;
}

/** The secret of a webhook just made or rotated, shown this once with a way to copy it. */
function SecretOnce({ made, onDone }: { made: WebhookWithSecret; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert variant="warning" dismissible onClose={onDone} closeLabel="I have stored it" role="status">
      <p className="mb-2">
        Signing secret for <code className="text-break">{made.url}</code>. Store it now: it is not shown again.
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <code className="text-break" data-testid="webhook-secret">
          {made.secret}
        </code>
        <Button
          size="sm"
          variant="outline-dark"
          onClick={() => {
            // A refused clipboard (no permission, an insecure page) leaves the button as it was.
            copyText(made.secret).then(
              () => setCopied(true),
              () => undefined,
            );
          }}
        >
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
      </div>
    </Alert>
  );
}

/**
 * The owner's webhooks of a world (issue 15): register a URL with the event types it wants (the secret is shown
 * once), pause or resume, rotate the secret, delete, and read each webhook's delivery log. Refusals (a private
 * address, a bad event type) show the server's message.
 */
export function WebhooksPanel({ worldId }: { worldId: string }) {
  const webhooks = useWebhooks(worldId, true);
  const { create, update, rotate, remove } = useWebhookMutations(worldId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState('*');
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, fallback: string) => {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(handleError(failure, fallback));
    }
  };

  const handleCreate = (event: React.SyntheticEvent) => {
    event.preventDefault();
    void run(async () => {
      const made = await create.mutateAsync({ url, events: parseEvents(events) });
      setSecret(made);
      setUrl('');
    }, 'Could not add the webhook. Please try again.');
  };

  const handleToggle = (webhook: Webhook) =>
    void run(
      () => update.mutateAsync({ webhookId: webhook.webhookId, input: { active: !webhook.active } }),
      'Could not change the webhook.',
    );

  return (
    <section aria-labelledby={`webhooks-${worldId}`} className="mt-4">
      <h3 id={`webhooks-${worldId}`} className="h5">
        Webhooks
      </h3>
      <p className="text-body-secondary small">
        Each change of this world is POSTed to these URLs, signed with the webhook's secret (header Loreforge-Signature).
      </p>
      <Form className="d-flex flex-wrap align-items-end gap-3 mb-3" onSubmit={handleCreate}>
        <Form.Group controlId={`webhook-url-${worldId}`} className="flex-grow-1">
          <Form.Label>Payload URL</Form.Label>
          <Form.Control
            type="url"
            required
            placeholder="https://example.com/hooks/loreforge"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </Form.Group>
        <Form.Group controlId={`webhook-events-${worldId}`}>
          <Form.Label>Events</Form.Label>
          <Form.Control
            value={events}
            onChange={(event) => setEvents(event.target.value)}
            aria-describedby={`webhook-events-help-${worldId}`}
          />
          <Form.Text id={`webhook-events-help-${worldId}`}>* for all, or e.g. character.*, item.deleted</Form.Text>
        </Form.Group>
        <Button type="submit" disabled={create.isPending}>
          Add webhook
        </Button>
      </Form>
      {secret && <SecretOnce made={secret} onDone={() => setSecret(null)} />}
      {error && <ErrorAlert message={error} />}
      <QueryTable
        source={{ ...webhooks, rows: webhooks.data }}
        columns={WEBHOOK_COLUMNS}
        loadingLabel="Loading webhooks..."
        failureMessage="Failed to load webhooks."
        emptyText="No webhooks yet."
        renderRow={(webhook) => (
          <WebhookRow
            key={webhook.webhookId}
            webhook={webhook}
            worldId={worldId}
            open={open === webhook.webhookId}
            busy={update.isPending || rotate.isPending || remove.isPending}
            onShowLog={() => setOpen(open === webhook.webhookId ? null : webhook.webhookId)}
            onToggle={() => handleToggle(webhook)}
            onRotate={() => void run(async () => setSecret(await rotate.mutateAsync(webhook.webhookId)), 'Could not rotate the secret.')}
            onDelete={() => void run(() => remove.mutateAsync(webhook.webhookId), 'Could not delete the webhook.')}
          />
        )}
      />
    </section>
  );
}

interface WebhookRowProps {
  webhook: Webhook;
  worldId: string;
  open: boolean;
  busy: boolean;
  onShowLog: () => void;
  onToggle: () => void;
  onRotate: () => void;
  onDelete: () => void;
}

function WebhookRow({ webhook, worldId, open, busy, onShowLog, onToggle, onRotate, onDelete }: WebhookRowProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <tr>
        <td>
          <code className="text-break">{webhook.url}</code>
        </td>
        <td>{webhook.events.join(', ')}</td>
        <td>
          <code>…{webhook.secretHint}</code>
        </td>
        <td>
          <Badge bg={webhook.active ? 'success' : 'secondary'}>{webhook.active ? 'active' : 'paused'}</Badge>
        </td>
        <td className="text-end text-nowrap">
          <div className="d-inline-flex flex-wrap gap-2 justify-content-end">
            <Button size="sm" variant="outline-primary" onClick={onShowLog} aria-expanded={open}>
              {open ? 'Hide deliveries' : 'Deliveries'}
            </Button>
            <Button size="sm" variant="outline-secondary" disabled={busy} onClick={onToggle}>
              {webhook.active ? 'Pause' : 'Resume'}
            </Button>
            <Button size="sm" variant="outline-secondary" disabled={busy} onClick={onRotate}>
              Rotate secret
            </Button>
            {confirming ? (
              <>
                <Button size="sm" variant="danger" disabled={busy} onClick={onDelete}>
                  Delete for good
                </Button>
                <Button size="sm" variant="outline-secondary" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
              </>
            ) : (
              <Button size="sm" variant="outline-danger" onClick={() => setConfirming(true)} aria-label={`Delete webhook ${webhook.url}`}>
                Delete
              </Button>
            )}
          </div>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={5}>
            <DeliveryLog worldId={worldId} webhookId={webhook.webhookId} />
          </td>
        </tr>
      )}
    </>
  );
}
