import { WorldCreateSchema } from '@loreforge/contract';
import { useWorldMutations } from '../../api/worlds';
import { GenericForm } from '../../components/form/GenericForm';
import type { FieldConfig } from '../../components/form/types';

/** SPEC §8: the world quick-create's failure text when the server sends no message. */
export const WORLD_QUICK_CREATE_FAILED = 'Something went wrong';

const FIELDS: FieldConfig[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'description', label: 'Description', type: 'textarea', rows: 2 },
];

/**
 * The form of the home's world quick-create popover (SPEC §1): name and description, saved with POST /worlds.
 * A module of its own, loaded when the popover first opens: the form library and the world schema are most of
 * the home page's script otherwise.
 * @param close closes the popover (Cancel, and after a save).
 * @param onCreated called with the new world's name after it is saved.
 */
export function WorldQuickCreateForm({ close, onCreated }: { close: () => void; onCreated?: ((name: string) => void) | undefined }) {
  const { create } = useWorldMutations();
  return (
    <GenericForm
      compact
      schema={WorldCreateSchema}
      fields={FIELDS}
      submitLabel="Create world"
      failureFallback={WORLD_QUICK_CREATE_FAILED}
      onCancel={close}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(values);
        close();
        onCreated?.(created.name);
      }}
    />
  );
}
