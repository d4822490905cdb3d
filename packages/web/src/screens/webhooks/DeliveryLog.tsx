import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { WebhookDeliveryStatus } from '@loreforge/contract';
import { useWebhookDeliveries } from '../../api/webhooks';
import { QueryTable } from '../../components/data-table/QueryTable';
import { formatDateTime } from '../../lib/format';

const STATUS_COLOURS: Record<WebhookDeliveryStatus, string> = {
  pending: 'secondary',
  sending: 'info',
  succeeded: 'success',
  failed: 'danger',
};

/** Headings of the delivery log. */
const DELIVERY_COLUMNS = ['When', 'Event', 'Attempt', 'Status', 'HTTP', 'Time', 'Error'].map((label) => ({ label }));

/**
 * One webhook's delivery log (issue 15): each attempt with its event, attempt number, HTTP status, duration and
 * error, newest first, ten a page, refreshed while open.
 */
export function DeliveryLog({ worldId, webhookId }: { worldId: string; webhookId: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(worldId, webhookId, page);
  const pagination = deliveries.data?.pagination;
  return (
    <div>
      <QueryTable
        source={{ ...deliveries, rows: deliveries.data?.data }}
        columns={DELIVERY_COLUMNS}
        loadingLabel="Loading deliveries..."
        failureMessage="Failed to load deliveries."
        emptyText="No deliveries yet: they start with the next change."
        ariaLabel="Deliveries"
        className="mb-2"
        renderRow={(delivery) => (
          <tr key={delivery.deliveryId}>
            <td className="text-nowrap">{formatDateTime(delivery.completedAt ?? delivery.attemptAt)}</td>
            <td>
              {delivery.entityType}.{delivery.action} <span className="text-body-secondary">#{delivery.sequence}</span>
            </td>
            <td>{delivery.attempt}</td>
            <td>
              <Badge bg={STATUS_COLOURS[delivery.status]}>{delivery.status}</Badge>
            </td>
            <td>{delivery.statusCode ?? '—'}</td>
            <td>{delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}</td>
            <td className="text-break">{delivery.error ?? ''}</td>
          </tr>
        )}
      />
      {pagination && pagination.totalPages > 1 && (
        <div className="d-flex gap-2 align-items-center">
          <Button size="sm" variant="outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span className="small">
            Page {page} of {pagination.totalPages}
          </span>
          <Button size="sm" variant="outline-secondary" disabled={page >= pagination.totalPages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </div>
      )}
    </div>
  );
}
