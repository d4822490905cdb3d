import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { WebhookDeliveryStatus } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useWebhookDeliveries } from '../../api/webhooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { formatDateTime } from '../../lib/format';

const STATUS_COLOURS: Record<WebhookDeliveryStatus, string> = { pending: 'secondary', sending: 'info', succeeded: 'success', failed: 'danger' };

/**
 * One webhook's delivery log (issue 15): each attempt with its event, attempt number, HTTP status, duration and
 * error, newest first, ten a page, refreshed while open.
 */
export function DeliveryLog({ worldId, webhookId }: { worldId: string; webhookId: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(worldId, webhookId, page);
  if (deliveries.isPending) return <LoadingSpinner label="Loading deliveries..." />;
  if (deliveries.isError) return <ErrorAlert message={handleError(deliveries.error, 'Failed to load deliveries.')} onRetry={() => void deliveries.refetch()} />;
  const { data, pagination } = deliveries.data;
  if (data.length === 0) return <p className="text-body-secondary mb-0">No deliveries yet: they start with the next change.</p>;
  return (
    <div>
      <Table size="sm" responsive className="mb-2" aria-label="Deliveries">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Event</th>
            <th scope="col">Attempt</th>
            <th scope="col">Status</th>
            <th scope="col">HTTP</th>
            <th scope="col">Time</th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {data.map((delivery) => (
            <tr key={delivery.deliveryId}>
              <td className="text-nowrap">{formatDateTime(delivery.completedAt ?? delivery.attemptAt)}</td>
              <td>{delivery.entityType}.{delivery.action} <span className="text-body-secondary">#{delivery.sequence}</span></td>
              <td>{delivery.attempt}</td>
              <td><Badge bg={STATUS_COLOURS[delivery.status]}>{delivery.status}</Badge></td>
              <td>{delivery.statusCode ?? '—'}</td>
              <td>{delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}</td>
              <td className="text-break">{delivery.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {pagination.totalPages > 1 && (
        <div className="d-flex gap-2 align-items-center">
          <Button size="sm" variant="outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>Newer</Button>
          <span className="small">Page {page} of {pagination.totalPages}</span>
          <Button size="sm" variant="outline-secondary" disabled={page >= pagination.totalPages} onClick={() => setPage(page + 1)}>Older</Button>
        </div>
      )}
    </div>
  );
}
