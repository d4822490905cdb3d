import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { handleError, notFoundMessage } from '../../../api/client';
import { itemsResource, useItem } from '../../../api/items';
import { useResourceMutations } from '../../../api/resource';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { IfAllowed } from '../../../components/access/IfAllowed';
import { NotesPanel } from '../../../components/notes/NotesPanel';
import { SecretBadge } from '../../../components/access/SecretBadge';
import { TagEditor } from '../../../components/tags/TagEditor';
import { EntityTabsPage } from '../../../components/entity-view/EntityTabsPage';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { ItemForm } from '../item-form/ItemForm';
import { GiveInstanceScreen } from '../instances/GiveInstanceScreen';
import { InstanceEditScreen } from '../instances/InstanceEditScreen';
import { InstanceViewScreen } from '../instances/InstanceViewScreen';
import { CharacterInstancesTab } from './CharacterInstancesTab';
import { ItemDetailsTab } from './ItemDetailsTab';
import { ItemInstancesTab } from './ItemInstancesTab';
import { LocationInstancesTab } from './LocationInstancesTab';
import { EntityHistory } from '../../../components/history/EntityHistory';

const TABS = [
  { path: 'details', label: 'Item Details' },
  { path: 'character-instances', label: 'Character Instances' },
  { path: 'location-instances', label: 'Location Instances' },
  { path: 'instances', label: 'Item Instances' },
  { path: 'history', label: 'History' },
] as const;

/**
 * /worlds/:worldId/items/:itemId/* (SPEC §2 Items): the item's name with Edit and Delete, tabs Item Details
 * (default), Character Instances, Location Instances (placeholder), Item Instances and History (its changes with
 * restore, issue 15), and the nested pages
 * edit, delete, create (give an instance), :instanceId, :instanceId/edit and :instanceId/delete.
 * Load failure: the server message or 'Failed to fetch item details.'; deleting asks first and its failure
 * reads 'Failed to delete item. Please try again.'
 */
export function ItemScreen() {
  const { worldId = '', itemId = '' } = useParams();
  const navigate = useNavigate();
  const query = useItem(worldId, itemId);
  const { remove } = useResourceMutations(itemsResource(worldId));
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
          <Link to={`/worlds/${worldId}/items`} className="alert-link d-inline-block mt-2">Back to the items</Link>
        </ErrorAlert>
      </Container>
    );
  }
  const item = query.data;
  const details = <ItemDetailsTab item={item} />;

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
            <Link to={`${base}/edit`} className="btn btn-light">Edit Item</Link>
            <Link to={`${base}/delete`} className="btn btn-danger">Delete Item</Link>
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
      <Routes>
        <Route index element={details} />
        <Route path="details" element={details} />
        <Route path="character-instances" element={<CharacterInstancesTab worldId={worldId} itemId={itemId} />} />
        <Route path="location-instances" element={<LocationInstancesTab worldId={worldId} />} />
        <Route path="instances" element={<ItemInstancesTab worldId={worldId} itemId={itemId} />} />
        <Route path="history" element={<EntityHistory worldId={worldId} type="item" id={item.itemId} updatedAt={item.updatedAt} noun="item" />} />
        <Route path="edit" element={<ItemForm />} />
        <Route
          path="delete"
          element={
            <>
              {details}
              <ConfirmDeleteModal
                show
                entityType="item"
                entityName={item.name}
                failureFallback="Failed to delete item. Please try again."
                onCancel={() => void navigate(base, { replace: true })}
                onConfirm={async () => {
                  await remove.mutateAsync(item.itemId);
                  void navigate(`/worlds/${worldId}/items`, { replace: true });
                }}
              />
            </>
          }
        />
        <Route path="create" element={<GiveInstanceScreen worldId={worldId} item={item} />} />
        <Route path=":instanceId" element={<InstanceViewScreen worldId={worldId} item={item} />} />
        <Route path=":instanceId/edit" element={<InstanceEditScreen worldId={worldId} item={item} />} />
        <Route path=":instanceId/delete" element={<InstanceViewScreen worldId={worldId} item={item} confirmDelete />} />
      </Routes>
    </EntityTabsPage>
  );
}
