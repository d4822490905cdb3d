import { useId } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { QuestCreateSchema } from '@loreforge/contract';
import { useQuest, useQuestMutations } from '../../api/quests';
import { ErrorAlert } from '../../components/ErrorAlert';
import { GenericForm } from '../../components/form/GenericForm';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { QUEST_FIELDS, QUEST_MESSAGES, questDefaults, questPayload } from './quest-form';
import { WorldSelect } from './WorldSelect';
import { retryUnlessMissing } from '../../api/client';
import { EditorsOnly } from '../../components/access/IfAllowed';

/** The quest list a form returns to: the world's when known, else the global one. */
export function questListPath(worldId: string | null | undefined): string {
  return worldId ? `/worlds/${worldId}/quests` : '/quests';
}

/**
 * The quest form of SPEC §2 at /worlds/:worldId/quests/create, /…/:id/edit, /quests/create and /quests/:id/edit
 * (the global routes take the world from `?worldId=` or a world select, which stays above the create form so the
 * world the quest goes into can be seen and changed). Titled 'Create New Quest' or 'Edit Quest'; edit mode shows
 * 'Loading quest data...' and, on failure, 'Failed to load quest data for editing.'.
 * Saving sends every field the form shows (PUT to edit, POST to create) and returns to the quest list;
 * a failure shows the server's message or 'An unexpected error occurred while saving the quest.' in a
 * dismissible alert. Cancel returns to the quest list.
 */
export function QuestFormScreen() {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const selectId = useId();
  const worldId = params.worldId ?? search.get('worldId') ?? '';
  const id = params.id;
  const editing = Boolean(id);
  const quest = useQuest(worldId || undefined, id);
  const { create, update } = useQuestMutations(worldId);
  const list = questListPath(worldId);

  const worldSelect = (
    <WorldSelect
      id={selectId}
      value={worldId}
      writable
      prompt="Quests belong to a world. Choose one to continue."
      onChange={(next) => setSearch({ worldId: next }, { replace: true })}
    />
  );

  const body = () => {
    if (!worldId) {
      return (
        <>
          {worldSelect}
          <p className="mt-3 mb-0">
            <Link to="/quests">Back to the quest list</Link>
          </p>
        </>
      );
    }
    if (editing && quest.isPending) return <LoadingSpinner label={QUEST_MESSAGES.loading} />;
    if (editing && quest.isError)
      return <ErrorAlert message={QUEST_MESSAGES.loadFailed} onRetry={retryUnlessMissing(quest.error, () => void quest.refetch())} />;
    return (
      <>
        {/* Creating from the global route: which world the quest goes into stays in view, and can be changed. */}
        {!params.worldId && !editing && <div className="mb-4">{worldSelect}</div>}
        <GenericForm
          access={{ worldId, entity: quest.data }}
          schema={QuestCreateSchema}
          fields={QUEST_FIELDS}
          defaultValues={questDefaults(quest.data)}
          submitLabel={editing ? 'Save Quest' : 'Create Quest'}
          failureFallback={QUEST_MESSAGES.saveFailed}
          onCancel={() => void navigate(list)}
          onSubmit={async (values) => {
            const input = questPayload(values);
            if (editing && id) await update.mutateAsync({ id, input });
            else await create.mutateAsync(input);
            void navigate(list);
          }}
        />
      </>
    );
  };

  return (
    <Container className="py-4">
      <Card className="lf-card mx-auto" style={{ maxWidth: 720 }}>
        <Card.Body className="p-4">
          <h1 className="h3 mb-4">{editing ? 'Edit Quest' : 'Create New Quest'}</h1>
          <EditorsOnly worldId={worldId} back={list}>
            {body()}
          </EditorsOnly>
        </Card.Body>
      </Card>
    </Container>
  );
}
