import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Item } from '@loreforge/contract';
import { handleError } from '../../../api/client';
import { itemInstancesResource } from '../../../api/items';
import { CharacterPicker } from '../../../components/CharacterPicker';
import { EntityPanel } from '../../../components/entity-view/EntityPanel';
import { GenericForm } from '../../../components/form/GenericForm';
import type { FieldConfig } from '../../../components/form/types';
import { GiveInstanceSchema } from './give-instance-schema';

function buildFields(worldId: string): FieldConfig[] {
  return [
    {
      name: 'characterId',
      label: 'Character',
      type: 'custom',
      required: true,
      render: ({ id, value, onChange, invalid, describedBy }) => (
        <CharacterPicker
          worldId={worldId}
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          invalid={invalid}
          describedBy={describedBy}
        />
      ),
    },
    { name: 'quantity', label: 'Quantity', type: 'number', required: true, min: LIMITS.inventoryQuantityMin },
    { name: 'equipped', label: 'Equipped', type: 'checkbox' },
    { name: 'notes', label: 'Notes', type: 'textarea' },
  ];
}

/**
 * items/:itemId/create (SPEC §2 Items, §5): gives an instance of the item to a character of the world.
 * No character chosen: 'Please select a character.'; quantity at least 1, falling back to 1 when left empty.
 * A failed save is reported with a browser alert (SPEC §8 item instance failures).
 * @param worldId the world; @param item the item given.
 */
export function GiveInstanceScreen({ worldId, item }: { worldId: string; item: Item }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const base = `/worlds/${worldId}/items/${item.itemId}`;
  return (
    <EntityPanel title={`Give ${item.name} to a Character`}>
      <GenericForm
        schema={GiveInstanceSchema}
        fields={buildFields(worldId)}
        defaultValues={{ characterId: '', quantity: String(LIMITS.inventoryQuantityDefault), equipped: false, notes: '' }}
        submitLabel="Give item"
        onCancel={() => void navigate(`${base}/instances`)}
        onSubmit={async (values) => {
          try {
            await itemInstancesResource(worldId, item.itemId).create(values);
          } catch (error) {
            window.alert(handleError(error, 'Failed to save. Please try again.'));
            return;
          }
          await queryClient.invalidateQueries({ queryKey: ['worlds', worldId] });
          void navigate(`${base}/instances`);
        }}
      />
    </EntityPanel>
  );
}
