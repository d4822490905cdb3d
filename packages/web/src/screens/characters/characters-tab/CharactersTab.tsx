import { useParams } from 'react-router';
import type { Character } from '@loreforge/contract';
import { charactersResource } from '../../../api/characters';
import { useResourceMutations } from '../../../api/resource';
import { GenericList } from '../../../components/generic-list/GenericList';
import { LazyQuickCreateForm } from '../../../components/quick-create/LazyQuickCreateForm';

/**
 * Tab /worlds/:worldId/characters: the world's characters in a GenericList with quick create, edit and delete
 * (SPEC §2 "Generic list"): 'No characters found.' when empty, 'Failed to load characters. Please try again.'
 * on failure, 'Failed to delete character. Please try again.' when a delete fails.
 */
export function CharactersTab() {
  const { worldId = '' } = useParams();
  const resource = charactersResource(worldId);
  const { remove } = useResourceMutations(resource);
  const base = `/worlds/${worldId}/characters`;
  return (
    <div className="lf-panel">
      <GenericList<Character>
        tagWorldId={worldId}
        entityName="character"
        title="Characters"
        source={resource}
        getId={(c) => c.characterId}
        getName={(c) => c.name}
        getDescription={(c) => c.description}
        getViewPath={(c) => `${base}/${c.characterId}`}
        getEditPath={(c) => `${base}/${c.characterId}/edit`}
        onDelete={(c) => remove.mutateAsync(c.characterId)}
        createPath={`${base}/create`}
        renderQuickCreate={({ close }) => <LazyQuickCreateForm worldId={worldId} type="characters" onCreated={close} onCancel={close} />}
        columns={[
          { key: 'name', label: 'Name', sortable: true, kind: 'name' },
          { key: 'description', label: 'Description', kind: 'description' },
          { key: 'createdAt', label: 'Created', sortable: true, kind: 'date' },
        ]}
      />
    </div>
  );
}
