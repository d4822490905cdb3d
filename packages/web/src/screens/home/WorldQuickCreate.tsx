import { WorldCreateSchema } from '@loreforge/contract';
import { useWorldMutations } from '../../api/worlds';
import { FloatingAdd } from '../../components/generic-list/FloatingAdd';
import { GenericForm } from '../../components/form/GenericForm';
import type { FieldConfig } from '../../components/form/types';

/** SPEC §8: the world quick-create's failure text when the server sends no message. */
export const WORLD_QUICK_CREATE_FAILED = 'Something went wrong';

const FIELDS: FieldConfig[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'description', label: 'Description', type: 'textarea', rows: 2 },
];

/**
 * The home page's floating add button and its quick-create popover for a world (SPEC §1 lists offer a
 * floating add button and a quick-create popover, §9 minimum width 400px): name and description; on success
 * the popover closes and the worlds list refreshes with the new card; a failure shows the server's message or
 * 'Something went wrong' (SPEC §8).
 * @param onCreated called with the new world's name after it is saved.
 */
export function WorldQuickCreate({ onCreated }: { onCreated?: (name: string) => void }) {
  const { create } = useWorldMutations();
  return (
    <FloatingAdd
      entityName="world"
      createPath="/worlds/create"
      headingAs="h2"
      headingClassName="h6"
      renderQuickCreate={({ close }) => (
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
      )}
    />
  );
}
