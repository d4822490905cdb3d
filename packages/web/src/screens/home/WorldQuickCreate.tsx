import { Suspense, lazy } from 'react';
import { FloatingAdd } from '../../components/generic-list/FloatingAdd';
import { LoadingSpinner } from '../../components/LoadingSpinner';

// The form (react-hook-form, zod and the world schema) loads when the popover first opens, not with the home page.
const WorldQuickCreateForm = lazy(async () => ({ default: (await import('./WorldQuickCreateForm')).WorldQuickCreateForm }));

/**
 * The home page's floating add button and its quick-create popover for a world (SPEC §1 lists offer a
 * floating add button and a quick-create popover, §9 minimum width 400px): name and description; on success
 * the popover closes and the worlds list refreshes with the new card; a failure shows the server's message or
 * 'Something went wrong' (SPEC §8).
 * @param onCreated called with the new world's name after it is saved.
 */
export function WorldQuickCreate({ onCreated }: { onCreated?: (name: string) => void }) {
  return (
    <FloatingAdd
      entityName="world"
      createPath="/worlds/create"
      headingAs="h2"
      headingClassName="h6"
      renderQuickCreate={({ close }) => (
        <Suspense fallback={<LoadingSpinner />}>
          <WorldQuickCreateForm close={close} onCreated={onCreated} />
        </Suspense>
      )}
    />
  );
}
