import { useMemo } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { Connection, ConnectionCreateInput } from '@loreforge/contract';
import { GenericForm } from '../form/GenericForm';
import type { FieldConfig } from '../form/types';
import { TagEditor } from '../tags/TagEditor';
import { EntityEndPicker } from './EntityEndPicker';
import { endValue, type ConnectionEnd } from './connection-ends';
import { ConnectionFormSchema, connectionFormValues, connectionPayload } from './connection-form';

/** Props of {@link ConnectionFormModal}. */
export interface ConnectionFormModalProps {
  worldId: string;
  /** The entity whose page the dialog opens on: one end of the connection. */
  here: ConnectionEnd;
  /** Its name, for the direction's wording. */
  hereName: string;
  /** The connection being edited; undefined to create one. */
  connection?: Connection | undefined;
  /**
   * Saves the payload (and, for a new connection, its tags once it exists).
   * @throws what the API answers; the dialog then stays open with the message.
   */
  onSave: (input: ConnectionCreateInput, tags: string[]) => Promise<unknown>;
  onClose: () => void;
}

function buildFields(worldId: string, here: ConnectionEnd, hereName: string, connection: Connection | undefined): FieldConfig[] {
  const fromHere = connection?.sourceType === here.type && connection.sourceId === here.id;
  const otherName = connection ? (fromHere ? connection.targetName : connection.sourceName) : null;
  const fields: FieldConfig[] = [
    {
      name: 'direction',
      label: 'Direction',
      type: 'select',
      required: true,
      options: [
        { value: 'from', label: `From ${hereName} to the other` },
        { value: 'to', label: `From the other to ${hereName}` },
      ],
    },
    {
      name: 'other',
      label: 'Connected To',
      type: 'custom',
      required: true,
      render: ({ id, value, onChange, invalid, describedBy }) => (
        <EntityEndPicker
          worldId={worldId}
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          label={otherName}
          exclude={endValue(here)}
          invalid={invalid}
          describedBy={describedBy}
        />
      ),
    },
    { name: 'connectionType', label: 'Connection Type', type: 'text', required: true, placeholder: 'owns, located in, caused…' },
    { name: 'description', label: 'Description', type: 'richtext' },
  ];
  if (!connection)
    fields.push({ name: 'tags', label: 'Tags', type: 'text', placeholder: 'villain, magic, west', help: 'Comma-separated.' });
  return fields;
}

/**
 * The dialog to create or edit a connection (SPEC §7 Connections) from one entity's page: direction, the other
 * end (any entity of the world, found by search), the connection type, a rich text description, for editors its
 * Visibility, Revealed To and GM notes (issue 11), and tags (typed when creating, the TagEditor when editing).
 * Validation messages are the contract's; a failed save shows the server's message.
 */
export function ConnectionFormModal({ worldId, here, hereName, connection, onSave, onClose }: ConnectionFormModalProps) {
  const fields = useMemo(() => buildFields(worldId, here, hereName, connection), [worldId, here, hereName, connection]);
  const defaults = useMemo(() => connectionFormValues(here, connection), [here, connection]);
  const title = connection ? 'Edit connection' : 'Add connection';
  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="connection-form-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="connection-form-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {connection && (
          <div className="mb-3">
            <TagEditor worldId={worldId} type="connection" id={connection.connectionId} />
          </div>
        )}
        <GenericForm
          access={{ worldId, entity: connection }}
          schema={ConnectionFormSchema}
          fields={fields}
          defaultValues={defaults}
          submitLabel={connection ? 'Save connection' : 'Add connection'}
          failureFallback="Failed to save the connection. Please try again."
          onCancel={onClose}
          onSubmit={async (values) => {
            const { input, tags } = connectionPayload(here, values);
            await onSave(input, tags);
            onClose();
          }}
        />
      </Modal.Body>
    </Modal>
  );
}
