import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import { MESSAGES } from '@loreforge/contract';
import type { CustomFieldProps } from '../../../components/form/types';
import { JsonVariableEditor } from '../../../components/json-variable-editor/JsonVariableEditor';

type Mode = 'variables' | 'json';

/** @returns the object the text holds, or null when the text is not a JSON object. Blank text is {}. */
function readObject(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The attributes input of the character form (SPEC §3, §5): the same JSON text edited either as named
 * variables (JsonVariableEditor) or as raw JSON. Text that is not a JSON object can only be fixed in the
 * JSON view; the form reports it on submit.
 * @param props the generic form's custom field props; `value` is the JSON text.
 */
export function AttributesField({ id, value, onChange, onBlur, invalid, describedBy }: CustomFieldProps) {
  const text = typeof value === 'string' ? value : '';
  const parsed = readObject(text);
  // Flat attributes open as variables; nested groups (which the variable editor cannot edit) open as JSON.
  const [mode, setMode] = useState<Mode>(() =>
    parsed && Object.values(parsed).every((v) => v === null || typeof v !== 'object') ? 'variables' : 'json',
  );

  return (
    <div>
      <ButtonGroup size="sm" aria-label="Edit attributes as" className="mb-2">
        <Button
          variant={mode === 'variables' ? 'secondary' : 'outline-secondary'}
          aria-pressed={mode === 'variables'}
          onClick={() => setMode('variables')}
        >
          Variables
        </Button>
        <Button
          variant={mode === 'json' ? 'secondary' : 'outline-secondary'}
          aria-pressed={mode === 'json'}
          onClick={() => setMode('json')}
        >
          JSON
        </Button>
      </ButtonGroup>
      {mode === 'json' && (
        <Form.Control
          id={id}
          as="textarea"
          rows={6}
          className="font-monospace"
          spellCheck={false}
          placeholder={'{ "strength": 12, "stats": { "hp": 30 } }'}
          value={text}
          isInvalid={invalid}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      )}
      {mode === 'variables' && parsed === null && (
        <p className="text-danger small mb-0" id={id}>
          {MESSAGES.attributesInvalidJson} Fix it in the JSON view.
        </p>
      )}
      {mode === 'variables' && parsed !== null && (
        <JsonVariableEditor
          id={id}
          label="Attributes"
          value={parsed}
          onChange={(next) => onChange(Object.keys(next).length > 0 ? JSON.stringify(next, null, 2) : '')}
        />
      )}
    </div>
  );
}
