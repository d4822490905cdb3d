import { useNavigate, useParams } from 'react-router';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { MapCreateSchema } from '@loreforge/contract';
import { handleError, retryUnlessMissing } from '../../api/client';
import { useMap, useMapMutations } from '../../api/maps';
import { ErrorAlert } from '../../components/ErrorAlert';
import { GenericForm } from '../../components/form/GenericForm';
import type { FieldConfig } from '../../components/form/types';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { MAP_SAVE_FAILED } from './MapImageUpload';
import { EditorsOnly } from '../../components/access/IfAllowed';

const FIELDS: FieldConfig[] = [
  { name: 'name', label: 'Name', type: 'text', required: true, placeholder: 'e.g. The Northern Reaches', help: '3 to 100 characters.' },
  { name: 'description', label: 'Description', type: 'richtext' },
];

/**
 * /worlds/:worldId/maps/create and /maps/:mapId/edit (SPEC §2, §5 Map: name 3–100, description optional).
 * Edit loads the map first ('Failed to load map data for editing.'); a failed save shows the server's message
 * or 'An unexpected error occurred while saving the map.' Saving opens the map, where its image is uploaded.
 */
export function MapFormScreen() {
  const { worldId = '', mapId } = useParams();
  const navigate = useNavigate();
  const editing = Boolean(mapId);
  const map = useMap(worldId, mapId);
  const { create, update } = useMapMutations(worldId);

  const body = () => {
    if (editing && map.isPending) return <LoadingSpinner label="Loading map..." />;
    if (editing && map.isError) {
      return (
        <ErrorAlert
          message={handleError(map.error, 'Failed to load map data for editing.')}
          onRetry={retryUnlessMissing(map.error, () => void map.refetch())}
        />
      );
    }
    return (
      <GenericForm
        access={{ worldId, entity: map.data }}
        schema={MapCreateSchema}
        fields={FIELDS}
        defaultValues={
          map.data
            ? { name: map.data.name, description: map.data.description ?? '', descriptionHtml: map.data.descriptionHtml ?? '' }
            : undefined
        }
        submitLabel={editing ? 'Save changes' : 'Create map'}
        failureFallback={MAP_SAVE_FAILED}
        onCancel={() => void navigate(editing && mapId ? `/worlds/${worldId}/maps/${mapId}` : `/worlds/${worldId}/maps`)}
        onSubmit={async (values) => {
          const saved = editing && mapId ? await update.mutateAsync({ id: mapId, input: values }) : await create.mutateAsync(values);
          void navigate(`/worlds/${worldId}/maps/${saved.mapId}`);
        }}
      />
    );
  };

  return (
    <Container className="py-4">
      <Card className="lf-card mx-auto" style={{ maxWidth: 720 }}>
        <Card.Body className="p-4">
          <h1 className="h3 mb-4">{editing ? 'Edit Map' : 'Create Map'}</h1>
          <EditorsOnly worldId={worldId} back={`/worlds/${worldId}/maps`}>
            {body()}
          </EditorsOnly>
        </Card.Body>
      </Card>
    </Container>
  );
}
