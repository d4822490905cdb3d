import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { LIMITS, WorldCreateSchema } from '@loreforge/contract';
import { useWorldMutations } from '../../api/worlds';
import { GenericForm } from '../../components/form/GenericForm';
import type { FieldConfig } from '../../components/form/types';
import '../../components/generic-list/generic-list.css';

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
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const { create } = useWorldMutations();

  return (
    <>
      <Button
        ref={buttonRef}
        className="lf-fab rounded-circle shadow"
        variant="primary"
        aria-label="Add world"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">+</span>
      </Button>
      <Overlay target={buttonRef.current} show={open} placement="top-end" rootClose onHide={() => setOpen(false)}>
        <Popover id={popoverId} className="lf-quick-create" style={{ minWidth: LIMITS.quickCreateMinWidthPx }}>
          <Popover.Header as="h2" className="h6">Quick create world</Popover.Header>
          <Popover.Body>
            <GenericForm
              compact
              schema={WorldCreateSchema}
              fields={FIELDS}
              submitLabel="Create world"
              failureFallback={WORLD_QUICK_CREATE_FAILED}
              onCancel={() => setOpen(false)}
              onSubmit={async (values) => {
                const created = await create.mutateAsync(values);
                setOpen(false);
                onCreated?.(created.name);
              }}
            />
            <div className="mt-2 small">
              <Link to="/worlds/create">Open the full form</Link>
            </div>
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}
