import { Link } from 'react-router';
import type { Character, Relationship } from '@loreforge/contract';
import { relationshipsResource, useRelationshipMutations } from '../../../api/relationships';
import { GenericList } from '../../../components/generic-list/GenericList';
import { truncate } from '../../../lib/format';
import { LIMITS } from '@loreforge/contract';
import { relationshipTypeLabel } from '../../../lib/relationship-labels';

/**
 * characters/:characterId/relationships (SPEC §2): the character's relationships in a GenericList (related
 * character, type, affinity, trust), 'No relationships found.' when empty and 'Failed to load
 * relationships. Please try again.' on failure. The add button opens relationships/create.
 * @param worldId the world; @param character the owner.
 */
export function RelationshipsTab({ worldId, character }: { worldId: string; character: Character }) {
  const resource = relationshipsResource(worldId, character.characterId);
  const { remove } = useRelationshipMutations(worldId, character.characterId);
  const base = `/worlds/${worldId}/characters/${character.characterId}/relationships`;
  return (
    <GenericList<Relationship>
      entityName="relationship"
      title={`${character.name}'s Relationships`}
      source={resource}
      getId={(r) => r.relationshipId}
      getName={(r) => r.targetCharacterName}
      getDescription={(r) => `${relationshipTypeLabel(r.relationshipType)}${r.description ? ` — ${r.description}` : ''}`}
      getViewPath={(r) => `${base}/${r.relationshipId}`}
      getEditPath={(r) => `${base}/${r.relationshipId}/edit`}
      onDelete={(r) => remove.mutateAsync(r.relationshipId)}
      createPath={`${base}/create`}
      columns={[
        {
          key: 'targetCharacterName',
          label: 'Related Character',
          render: (r) => <Link to={`${base}/${r.relationshipId}`}>{truncate(r.targetCharacterName, LIMITS.truncateName)}</Link>,
        },
        { key: 'relationshipType', label: 'Type', render: (r) => relationshipTypeLabel(r.relationshipType) },
        { key: 'affinity', label: 'Affinity', sortable: true, kind: 'text' },
        { key: 'trustLevel', label: 'Trust', sortable: true, kind: 'text' },
        { key: 'createdAt', label: 'Created', sortable: true, kind: 'date' },
      ]}
    />
  );
}
