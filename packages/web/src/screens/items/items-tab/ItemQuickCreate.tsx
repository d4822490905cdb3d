import { useQueryClient } from '@tanstack/react-query';
import { itemsResource } from '../../../api/items';
import { GenericForm } from '../../../components/form/GenericForm';
import type { FieldConfig } from '../../../components/form/types';
import { ItemQuickCreateSchema } from './item-quick-create-schema';

const FIELDS: readonly FieldConfig[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'description', label: 'Description', type: 'textarea', rows: 2 },
  // A plain textarea: the schema, not the form, reads the JSON, so bad JSON falls back to {} quietly.
  { name: 'properties', label: 'Properties (JSON)', type: 'textarea', rows: 2, placeholder: '{ "weight": 2 }' },
];

/** Props of {@link ItemQuickCreate}. */
export interface ItemQuickCreateProps {
  worldId: string;
  /** Called after the item was created (closes the popover). */
  onCreated: () => void;
  onCancel?: () => void;
}

/**
 * The items list's quick-create popover content (SPEC §1, §5 Item): name (at least 2 characters),
 * description and properties, where invalid JSON is sent as {} without complaint. Failure: 'Failed to save item.'
 */
export function ItemQuickCreate({ worldId, onCreated, onCancel }: ItemQuickCreateProps) {
  const queryClient = useQueryClient();
  return (
    <GenericForm
      compact
      schema={ItemQuickCreateSchema}
      fields={FIELDS}
      submitLabel="Create item"
      failureFallback="Failed to save item."
      onCancel={onCancel}
      onSubmit={async (values) => {
        await itemsResource(worldId).create(values);
        await queryClient.invalidateQueries({ queryKey: ['worlds', worldId] });
        onCreated();
      }}
    />
  );
}
