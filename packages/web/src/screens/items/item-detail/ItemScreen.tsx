import { Link, Outlet, useParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { handleError, notFoundMessage } from '../../../api/client';
import { useItem } from '../../../api/items';
import { IfAllowed } from '../../../components/access/IfAllowed';
import { NotesPanel } from '../../../components/notes/NotesPanel';
import { SecretBadge } from '../../../components/access/SecretBadge';
import { TagEditor } from '../../../components/tags/TagEditor';
import { EntityTabsPage } from '../../../components/entity-view/EntityTabsPage';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import type { ItemOutlet } from './ItemPages';

const TABS = [
  { path: 'details', label: 'Item Details' },
  { path: 'character-instances', label: 'Character Instances' },
  { path: 'location-instances', label: 'Location Instances' },
  { path: 'instances', label: 'Item Instances' },
  { path: 'history', label: 'History' },
] as const;

/**
 * /worlds/:worldId/items/:itemId (SPEC §2 Items): the item's name with Edit and Delete, tabs Item Details
 * (default), Character Instances, Location Instances (placeholder), Item Instances and History (its changes with
 * restore, issue 15), and the nested pages
 * edit, delete, create (give an instance), :instanceId, :instanceId/edit and :instanceId/delete (routes/item-routes.tsx,
 * rendered in the tab panel).
 * Load failure: the server message or 'Failed to fetch item details.'; deleting asks first and its failure
 * reads 'Failed to delete item. Please try again.'
 */
export function ItemScreen() {
  const { worldId = '', itemId = '' } = useParams();
  const query = useItem(worldId, itemId);
  const base = `/worlds/${worldId}/items/${itemId}`;

  if (query.isPending) return <LoadingSpinner label="Loading item..." />;
  if (query.isError) {
    const missing = notFoundMessage(query.error, 'Item not found.');
    return (
      <Container className="py-4">
        <ErrorAlert
          message={missing ?? handleError(query.error, 'Failed to fetch item details.')}
          onRetry={missing ? undefined : () => void query.refetch()}
        >
          <Link to={`/worlds/${worldId}/items`} className="alert-link d-inline-block mt-2">
            Back to the items
          </Link>
        </ErrorAlert>
      </Container>
    );
  }
  const item = query.data;

  return (
    <EntityTabsPage
      kind="Item"
      name={item.name}
      base={base}
      tabs={TABS}
      actions={
        <>
          <SecretBadge entity={item} />
          <IfAllowed worldId={worldId} to="manage">
            <Link to={`${base}/edit`} className="btn btn-light">
              Edit Item
            </Link>
            <Link to={`${base}/delete`} className="btn btn-danger">
              Delete Item
            </Link>
          </IfAllowed>
        </>
      }
      after={
        <>
          <section className="lf-panel mt-3" aria-label="Tags">
            <TagEditor worldId={worldId} type="item" id={item.itemId} />
          </section>
          <section className="lf-panel mt-3">
            <NotesPanel worldId={worldId} entityType="item" entityId={item.itemId} className="" />
          </section>
        </>
      }
    >
      <Outlet context={{ worldId, item } satisfies ItemOutlet} />
    </EntityTabsPage>
  );
}
