import { useId, useState, type KeyboardEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Table from 'react-bootstrap/Table';
import { MESSAGES } from '@loreforge/contract';
import { convertVariableValue, describeVariableType, formatVariableValue } from './variable-value';

/** Props of {@link JsonVariableEditor}. */
export interface JsonVariableEditorProps {
  /** The variables as a JSON object (name → value). null or undefined means none. */
  value: Record<string, unknown> | null | undefined;
  /** Receives a new object after every add, edit or removal. */
  onChange: (next: Record<string, unknown>) => void;
  /** Accessible name of the editor, e.g. 'Attributes'. */
  label?: string;
  /** id for the new-variable name input, so an outer label can point at it. */
  id?: string;
}

/**
 * Edits named variables of a JSON object (SPEC §2, §5). Values typed as text are converted: '' stays '',
 * 'true'/'false' → booleans, 'null' → null, numeric text → numbers, else text. Adding a variable without a
 * name shows 'The variable "Name" cannot be empty.'; a name already used shows the contract's
 * variableNameTaken message. Existing values are committed on blur or Enter.
 */
export function JsonVariableEditor({ value, onChange, label = 'Variables', id }: JsonVariableEditorProps) {
  const baseId = useId();
  const nameId = id ?? `${baseId}-name`;
  const variables = value ?? {};
  const [newName, setNewName] = useState('');
  const [newValue, setNewValue] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});

  const handleAdd = () => {
    const name = newName.trim();
    if (!name) {
      setAlert(MESSAGES.variableNameEmpty);
      return;
    }
    if (Object.prototype.hasOwnProperty.call(variables, name)) {
      setAlert(MESSAGES.variableNameTaken(name));
      return;
    }
    setAlert(null);
    onChange({ ...variables, [name]: convertVariableValue(newValue) });
    setNewName('');
    setNewValue('');
  };

  const handleAddKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleAdd();
    }
  };

  const commit = (name: string) => {
    const draft = drafts[name];
    if (draft === undefined) return;
    const { [name]: _committed, ...rest } = drafts;
    setDrafts(rest);
    onChange({ ...variables, [name]: convertVariableValue(draft) });
  };

  const handleRemove = (name: string) => {
    const { [name]: _removed, ...next } = variables;
    onChange(next);
  };

  const names = Object.keys(variables);
  return (
    <div className="lf-variable-editor" role="group" aria-label={label}>
      {names.length === 0 ? (
        <p className="text-body-secondary small mb-2">No variables yet.</p>
      ) : (
        <Table size="sm" className="align-middle mb-2">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {names.map((name) => {
              const stored = variables[name];
              const isScalar = stored === null || ['string', 'number', 'boolean'].includes(typeof stored);
              return (
                <tr key={name}>
                  <th scope="row" className="fw-semibold text-break">
                    {name}
                  </th>
                  <td>
                    <InputGroup size="sm">
                      <Form.Control
                        aria-label={`Value of ${name}`}
                        value={drafts[name] ?? formatVariableValue(stored)}
                        readOnly={!isScalar}
                        onChange={(e) => setDrafts({ ...drafts, [name]: e.target.value })}
                        onBlur={() => commit(name)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            commit(name);
                          }
                        }}
                      />
                      <InputGroup.Text>
                        <Badge bg="light" text="dark">
                          {describeVariableType(stored)}
                        </Badge>
                      </InputGroup.Text>
                    </InputGroup>
                  </td>
                  <td className="text-end">
                    <Button size="sm" variant="outline-danger" onClick={() => handleRemove(name)} aria-label={`Remove ${name}`}>
                      Remove
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {alert && (
        <Alert variant="warning" className="py-2 small" dismissible onClose={() => setAlert(null)} closeLabel="Dismiss">
          {alert}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId={nameId} className="flex-grow-1">
          <Form.Label className="small mb-1">New variable name</Form.Label>
          <Form.Control size="sm" value={newName} onChange={(e) => setNewName(e.target.value)} onKeyDown={handleAddKey} />
        </Form.Group>
        <Form.Group controlId={`${baseId}-value`} className="flex-grow-1">
          <Form.Label className="small mb-1">Value</Form.Label>
          <Form.Control
            size="sm"
            value={newValue}
            placeholder="text, 42, true, null"
            onChange={(e) => setNewValue(e.target.value)}
            onKeyDown={handleAddKey}
          />
        </Form.Group>
        <Button size="sm" variant="outline-primary" onClick={handleAdd}>
          Add variable
        </Button>
      </div>
    </div>
  );
}
