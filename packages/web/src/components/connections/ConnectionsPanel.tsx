import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import type { Connection, ConnectionCreateInput } from '@loreforge/contract';
import { api, handleError } from '../../api/client';
import { connectionsResource } from '../../api/registry';
import { useEntityConnections } from '../../api/connections';
import { useResourceMutations } from '../../api/resource';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { entityPath } from '../../lib/entity-path';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { lazyWithPreload } from '../lazy-with-preload';
import { SecretBadge } from '../access/SecretBadge';
import { RichText } from '../rich-text/RichText';
import { TagEditor } from '../tags/TagEditor';
import { CONNECTABLE_LABELS, type ConnectionEnd } from './connection-ends';

/** Props of {@link ConnectionsPanel}. */
export interface ConnectionsPanelProps {
  worldId: string;
  /** The entity whose connections are listed. */
  here: ConnectionEnd;
  /** Its name, for the dialog's wording. */
  hereName: string;
  /** Level of the heading, for where the panel sits in the page's outline (default 2). */
  headingLevel?: 2 | 3;
}

/** The dialog shown: none, a new connection, or one being edited. */
type Editing = { connection?: Connection } | null;

/** The other end of a connection seen from `here`, with the way it runs. */
function otherEnd(connection: Connection, here: ConnectionEnd) {
  const fromHere = connection.sourceType === here.type && connection.sourceId === here.id;
  return fromHere
    ? { type: connection.targetType, id: connection.targetId, name: connection.targetName, arrow: '→' }
    : { type: connection.sourceType, id: connection.sourceId, name: connection.sourceName, arrow: '←' };
}

/**
 * Loads the connection form (GenericForm with the rich-text editor, the largest chunk of the app) only when an
 * editor reaches for it: the pointer enters "Add connection" or "Edit", it takes focus, or it is clicked. Pages
 * that show connections (a timeline, a character) no longer load and run the editor before their first screen.
 */
const { Component: ConnectionFormModal, preload: preloadConnectionForm } = lazyWithPreload(
  async () => (await import('./ConnectionFormModal')).ConnectionFormModal,
);

/**
 * "Connections" of an entity page (SPEC §7 Connections, issue "Linked lore"): every connection with the entity at
 * either end that the reader may see (GET …/connections?entityId=), each with its type, the other end as a link,
 * its description, tags and whether it is a secret. Editors and the owner also add, edit and delete connections
 * (ConnectionFormModal); players and viewers see no control that changes them.
 */
export function ConnectionsPanel({ worldId, here, hereName, headingLevel = 2 }: ConnectionsPanelProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const access = useWorldAccess(worldId);
  const resource = connectionsResource(worldId);
  const list = useEntityConnections(worldId, here.id);
  const { create, update, remove } = useResourceMutations(resource);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const headingId = `connections-${here.id}`;
  const rows = (list.data?.data ?? []).filter(
    (row) => (row.sourceType === here.type && row.sourceId === here.id) || (row.targetType === here.type && row.targetId === here.id),
  );

  const save = async (input: ConnectionCreateInput, tags: string[]) => {
    const target = editing?.connection;
    if (target) {
      await update.mutateAsync({ id: target.connectionId, input });
      return;
    }
    const created = await create.mutateAsync(input);
    if (tags.length > 0) {
      await api.put(`/worlds/${encodeURIComponent(worldId)}/tags/connection/${encodeURIComponent(created.connectionId)}`, { tags });
      await queryClient.invalidateQueries({ queryKey: ['worlds', worldId] });
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-3">
      <div className="d-flex align-items-center gap-2 mb-2">
        <Heading id={headingId} className={`${headingLevel === 3 ? 'h6' : 'h5'} mb-0`}>
          Connections
        </Heading>
        {access.isEditor && (
          <Button
            size="sm"
            variant="outline-primary"
            onPointerEnter={preloadConnectionForm}
            onFocus={preloadConnectionForm}
            onClick={() => setEditing({})}
          >
            Add connection
          </Button>
        )}
      </div>
      {list.isPending && <p className="text-body-secondary small mb-0">Loading…</p>}
      {list.isError && <p className="text-danger small mb-0">{handleError(list.error, 'Could not load the connections.')}</p>}
      {list.isSuccess && rows.length === 0 && <p className="text-body-secondary mb-0">No connections yet.</p>}
      {rows.length > 0 && (
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {rows.map((connection) => {
            const other = otherEnd(connection, here);
            return (
              <li
                key={connection.connectionId}
                className="border rounded p-2"
                aria-label={`${connection.connectionType} ${other.name ?? ''}`}
              >
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <span aria-hidden="true">{other.arrow}</span>
                  <span className="fw-semibold">{connection.connectionType}</span>
                  <Link to={entityPath(worldId, other.type, other.id)}>{other.name ?? 'Unknown'}</Link>
                  <span className="small text-body-secondary">({CONNECTABLE_LABELS[other.type]})</span>
                  <SecretBadge entity={connection} />
                  {access.isEditor && (
                    <span className="ms-auto d-flex gap-2">
                      <Button
                        size="sm"
                        variant="link"
                        className="p-0"
                        onPointerEnter={preloadConnectionForm}
                        onFocus={preloadConnectionForm}
                        onClick={() => setEditing({ connection })}
                        aria-label={`Edit connection ${connection.connectionType} ${other.name ?? ''}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="link"
                        className="p-0 text-danger"
                        onClick={() => setDeleting(connection)}
                        aria-label={`Delete connection ${connection.connectionType} ${other.name ?? ''}`}
                      >
                        Delete
                      </Button>
                    </span>
                  )}
                </div>
                <RichText
                  worldId={worldId}
                  html={connection.descriptionHtml}
                  empty={connection.description ? <p className="mb-0 small">{connection.description}</p> : null}
                />
                <div className="mt-1">
                  <TagEditor worldId={worldId} type="connection" id={connection.connectionId} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ConnectionFormModal
            worldId={worldId}
            here={here}
            hereName={hereName}
            connection={editing.connection}
            onSave={save}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      <ConfirmDeleteModal
        show={deleting !== null}
        entityType="connection"
        entityName={deleting ? `${deleting.connectionType} (${otherEnd(deleting, here).name ?? 'Unknown'})` : null}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.connectionId);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
