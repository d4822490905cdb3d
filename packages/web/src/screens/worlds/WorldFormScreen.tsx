import { useNavigate, useParams } from 'react-router';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { WorldCreateSchema } from '@loreforge/contract';
import { handleError, retryUnlessMissing } from '../../api/client';
import { useWorld, useWorldMutations } from '../../api/worlds';
import { RoleRefusal } from '../../components/access/IfAllowed';
import { ErrorAlert } from '../../components/ErrorAlert';
import { GenericForm } from '../../components/form/GenericForm';
import type { FieldConfig } from '../../components/form/types';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { useWorldAccess } from '../../hooks/useWorldAccess';

const FIELDS: FieldConfig[] = [
  { name: 'name', label: 'Name', type: 'text', required: true, placeholder: 'e.g. The Shattered Isles' },
  {
    name: 'description',
    label: 'Description',
    type: 'richtext',
    placeholder: 'What makes this world itself: its tone, its history, its rules.',
  },
];

/**
 * /worlds/create and /worlds/:id/edit (SPEC §2, §5 World: name required, description optional). Create goes
 * to the new world; edit loads the world first ('Failed to load world data for editing.') and returns to it. A
 * player or viewer who opens the edit page gets the server's refusal and the way back instead of the form (issue 11).
 */
export function WorldFormScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const editing = Boolean(id);
  const world = useWorld(id);
  const access = useWorldAccess(id);
  const { create, update } = useWorldMutations();

  const body = () => {
    if (editing && world.isPending) return <LoadingSpinner label="Loading world..." />;
    if (editing && world.isError) {
      return (
        <ErrorAlert
          message={handleError(world.error, 'Failed to load world data for editing.')}
          onRetry={retryUnlessMissing(world.error, () => void world.refetch())}
        />
      );
    }
    if (editing && !access.isEditor) return <RoleRefusal back={`/worlds/${id}`} />;
    return (
      <GenericForm
        schema={WorldCreateSchema}
        fields={FIELDS}
        defaultValues={
          world.data
            ? { name: world.data.name, description: world.data.description ?? '', descriptionHtml: world.data.descriptionHtml ?? '' }
            : undefined
        }
        submitLabel={editing ? 'Save changes' : 'Create world'}
        failureFallback={editing ? 'Failed to save. Please try again.' : 'An unexpected error occurred while creating the world.'}
        onCancel={() => void navigate(editing && id ? `/worlds/${id}` : '/')}
        onSubmit={async (values) => {
          if (editing && id) {
            await update.mutateAsync({ id, input: values });
            void navigate(`/worlds/${id}`);
          } else {
            const created = await create.mutateAsync(values);
            void navigate(`/worlds/${created.worldId}`);
          }
        }}
      />
    );
  };

  return (
    <Container className="py-4">
      <Card className="lf-card mx-auto" style={{ maxWidth: 720 }}>
        <Card.Body className="p-4">
          <h1 className="h3 mb-4">{editing ? 'Edit World' : 'Create a New World'}</h1>
          {body()}
        </Card.Body>
      </Card>
    </Container>
  );
}
