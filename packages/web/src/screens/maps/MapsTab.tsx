import { useParams } from 'react-router';
import { mapsResource, useMapMutations } from '../../api/maps';
import { GenericList } from '../../components/generic-list/GenericList';
import { LazyQuickCreateForm } from '../../components/quick-create/LazyQuickCreateForm';

/**
 * Tab /worlds/:worldId/maps (SPEC §2): the world's maps in a GenericList with quick create, a link to each
 * map, edit and delete ('Failed to delete map. …' when it fails).
 */
export function MapsTab() {
  const { worldId = '' } = useParams();
  const { remove } = useMapMutations(worldId);
  const base = `/worlds/${worldId}/maps`;
  return (
    <div className="lf-panel">
      <GenericList
        tagWorldId={worldId}
        entityName="map"
        title="Maps"
        source={mapsResource(worldId)}
        getId={(m) => m.mapId}
        getName={(m) => m.name}
        getDescription={(m) => m.description}
        getViewPath={(m) => `${base}/${m.mapId}`}
        getEditPath={(m) => `${base}/${m.mapId}/edit`}
        onDelete={(m) => remove.mutateAsync(m.mapId)}
        createPath={`${base}/create`}
        renderQuickCreate={({ close }) => <LazyQuickCreateForm worldId={worldId} type="maps" onCreated={close} onCancel={close} />}
        columns={[
          { key: 'name', label: 'Name', sortable: true, kind: 'name' },
          { key: 'description', label: 'Description', kind: 'description' },
          { key: 'image', label: 'Image', render: (m) => (m.image ? 'Uploaded' : <span className="text-body-tertiary">None yet</span>) },
          { key: 'createdAt', label: 'Created', sortable: true, kind: 'date' },
        ]}
      />
    </div>
  );
}
