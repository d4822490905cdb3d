import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { COMMUNICATION_STYLES, RELATIONSHIP_TYPES, type Character } from '@loreforge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api, handleError, retryUnlessMissing } from '../../../api/client';
import { useRelationship, useRelationshipMutations } from '../../../api/relationships';
import { CharacterPicker } from '../../../components/CharacterPicker';
import { EntityPanel } from '../../../components/entity-view/EntityPanel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { GenericForm } from '../../../components/form/GenericForm';
import type { FieldConfig } from '../../../components/form/types';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { TagEditor, parseTags } from '../../../components/tags/TagEditor';
import { RelationshipFormSchema, relationshipFormValues, SCORE_RANGE } from './relationship-form-schema';
import { communicationStyleLabel, relationshipTypeLabel } from '../../../lib/relationship-labels';

function buildFields(worldId: string, characterId: string, editing: boolean): FieldConfig[] {
  const score = (name: string, label: string, help: string): FieldConfig => ({
    name,
    label,
    type: 'range',
    min: SCORE_RANGE.min,
    max: SCORE_RANGE.max,
    step: 1,
    help,
  });
  return [
    {
      name: 'targetCharacterId',
      label: 'Related Character',
      type: 'custom',
      required: true,
      render: ({ id, value, onChange, invalid, describedBy }) => (
        <CharacterPicker
          worldId={worldId}
          excludeId={characterId}
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          invalid={invalid}
          describedBy={describedBy}
        />
      ),
    },
    {
      name: 'relationshipType',
      label: 'Relationship Type',
      type: 'select',
      required: true,
      options: RELATIONSHIP_TYPES.map((t) => ({ value: t, label: relationshipTypeLabel(t) })),
    },
    { name: 'description', label: 'Description', type: 'richtext' },
    score('affinity', 'Affinity', 'From -100 (hatred) to 100 (devotion).'),
    score('powerBalance', 'Power Balance', 'From -100 (the other dominates) to 100 (this character dominates).'),
    score('trustLevel', 'Trust Level', 'From -100 (total distrust) to 100 (complete trust).'),
    {
      name: 'communicationStyle',
      label: 'Communication Style',
      type: 'select',
      options: COMMUNICATION_STYLES.map((s) => ({ value: s, label: communicationStyleLabel(s) })),
    },
    { name: 'pastInteractions', label: 'Past Interactions', type: 'textarea' },
    { name: 'currentGoalAlignment', label: 'Current Goal Alignment', type: 'text' },
    { name: 'dependenceLevel', label: 'Dependence Level', type: 'text' },
    // An existing relationship's tags are edited above the form (TagEditor); a new one's are typed here.
    ...(editing
      ? []
      : [{ name: 'tags', label: 'Tags', type: 'text', placeholder: 'family, rivals', help: 'Comma-separated.' } satisfies FieldConfig]),
  ];
}

/** Props of {@link RelationshipFormScreen}. */
export interface RelationshipFormScreenProps {
  worldId: string;
  /** The character the relationship starts from; it is left out of the picker. */
  character: Character;
}

/**
 * relationships/create and relationships/:relationshipId/edit (SPEC §2, §5 Relationship): the related
 * character (a picker without this character), the type (default Stranger), affinity, power balance and
 * trust as sliders from -100 to 100 showing their number, the communication style, the optional texts and its
 * tags (typed on create, the TagEditor on edit; issue "Linked lore").
 * 'Failed to load relationship data. Please try again.' when the edited one cannot be loaded.
 */
export function RelationshipFormScreen({ worldId, character }: RelationshipFormScreenProps) {
  const { relationshipId } = useParams();
  const navigate = useNavigate();
  const query = useRelationship(worldId, character.characterId, relationshipId);
  const { create, update } = useRelationshipMutations(worldId, character.characterId);
  const editing = Boolean(relationshipId);
  const fields = useMemo(() => buildFields(worldId, character.characterId, editing), [worldId, character.characterId, editing]);
  const defaults = useMemo(() => relationshipFormValues(query.data), [query.data]);
  const base = `/worlds/${worldId}/characters/${character.characterId}/relationships`;
  const queryClient = useQueryClient();

  let body;
  if (editing && query.isPending) body = <LoadingSpinner label="Loading relationship..." />;
  else if (editing && query.isError) {
    body = (
      <ErrorAlert
        message={handleError(query.error, 'Failed to load relationship data. Please try again.')}
        onRetry={retryUnlessMissing(query.error, () => void query.refetch())}
      />
    );
  } else {
    body = (
      <GenericForm
        access={{ worldId, entity: query.data }}
        schema={RelationshipFormSchema}
        fields={fields}
        defaultValues={defaults}
        submitLabel={editing ? 'Save relationship' : 'Create relationship'}
        failureFallback="Failed to save. Please try again."
        onCancel={() => void navigate(relationshipId ? `${base}/${relationshipId}` : base)}
        onSubmit={async ({ tags, ...values }) => {
          const saved = relationshipId ? await update.mutateAsync({ id: relationshipId, input: values }) : await create.mutateAsync(values);
          const typed = parseTags(tags ?? '');
          if (!relationshipId && typed.length > 0) {
            await api.put(`/worlds/${encodeURIComponent(worldId)}/tags/relationship/${encodeURIComponent(saved.relationshipId)}`, {
              tags: typed,
            });
            await queryClient.invalidateQueries({ queryKey: ['worlds', worldId] });
          }
          void navigate(`${base}/${saved.relationshipId}`);
        }}
      />
    );
  }
  return (
    <EntityPanel title={editing ? `Edit ${character.name}'s Relationship` : `New Relationship for ${character.name}`}>
      {editing && relationshipId && query.isSuccess && (
        <section className="mb-4" aria-label="Tags">
          <TagEditor worldId={worldId} type="relationship" id={relationshipId} />
        </section>
      )}
      {body}
    </EntityPanel>
  );
}
