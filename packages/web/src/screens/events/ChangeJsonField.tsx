import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { RELATIONSHIP_TYPES } from '@loreforge/contract';
import type { CustomFieldProps } from '../../components/form/types';
import { appendChange, readTypedValue, type ChangeKind } from './change-helper';
import { relationshipTypeLabel } from '../../lib/relationship-labels';

/** A character or item offered by the change helper's selects. */
export interface HelperOption {
  id: string;
  name: string;
}

/** Props of {@link ChangeJsonField}: the generic form's custom-field props plus what the helper offers. */
export interface ChangeJsonFieldProps extends CustomFieldProps {
  kind: ChangeKind;
  placeholder?: string;
  characters: readonly HelperOption[];
  items: readonly HelperOption[];
}

const SCORES = ['affinity', 'trustLevel', 'powerBalance'] as const;

/**
 * A change field of the event form: the raw JSON text area, and a helper ('Add a change') that picks a character,
 * item or relationship and what changes, then appends the entry in the versioned format.
 */
export function ChangeJsonField(props: ChangeJsonFieldProps) {
  const { id, name, value, onChange, onBlur, invalid, describedBy, kind, placeholder, characters, items } = props;
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [who, setWho] = useState('');
  const [target, setTarget] = useState('');
  const [item, setItem] = useState('');
  const [op, setOp] = useState(kind === 'relationship' ? 'update' : kind === 'attribute' ? 'set' : 'gain');
  const [path, setPath] = useState('');
  const [amount, setAmount] = useState('');
  const [relationshipType, setRelationshipType] = useState('');
  const [scores, setScores] = useState<Record<string, string>>({});
  const [scoreMode, setScoreMode] = useState<'delta' | 'set'>('delta');
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
  const field = (suffix: string) => `${uid}-${suffix}`;

  const build = (): Record<string, unknown> => {
    if (kind === 'attribute') {
      if (op === 'unset') return { op, characterId: who, path };
      if (op === 'increment') return { op, characterId: who, path, by: Number(amount) };
      return { op, characterId: who, path, value: readTypedValue(amount) };
    }
    if (kind === 'inventory') {
      const quantity = op === 'gain' ? Number(amount || 1) : op === 'lose' ? -Number(amount || 1) : 0;
      return {
        characterId: who,
        itemId: item,
        quantity,
        ...(op === 'equip' ? { equipped: true } : op === 'unequip' ? { equipped: false } : {}),
      };
    }
    if (op === 'end') return { op, characterId: who, targetCharacterId: target };
    const numbers = Object.fromEntries(
      Object.entries(scores)
        .filter(([, v]) => v.trim() !== '')
        .map(([k, v]) => [k, Number(v)]),
    );
    const set: Record<string, unknown> = {
      ...(relationshipType ? { relationshipType } : {}),
      ...(scoreMode === 'set' || op === 'create' ? numbers : {}),
    };
    const delta = op === 'update' && scoreMode === 'delta' && Object.keys(numbers).length ? { delta: numbers } : {};
    return { op, characterId: who, targetCharacterId: target, ...(Object.keys(set).length || op === 'create' ? { set } : {}), ...delta };
  };

  const add = () => {
    const result = appendChange(text, kind, build());
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    onChange(result.text);
  };

  const characterSelect = (label: string, selected: string, set: (v: string) => void, suffix: string) => (
    <Form.Group className="mb-2">
      <Form.Label htmlFor={field(suffix)} className="small mb-0">
        {label}
      </Form.Label>
      <Form.Select id={field(suffix)} size="sm" value={selected} onChange={(e) => set(e.target.value)}>
        <option value="">Choose…</option>
        {characters.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
  const opSelect = (options: ReadonlyArray<readonly [string, string]>) => (
    <Form.Group className="mb-2">
      <Form.Label htmlFor={field('op')} className="small mb-0">
        Change
      </Form.Label>
      <Form.Select id={field('op')} size="sm" value={op} onChange={(e) => setOp(e.target.value)}>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
  const input = (label: string, v: string, set: (v: string) => void, suffix: string, type = 'text') => (
    <Form.Group className="mb-2">
      <Form.Label htmlFor={field(suffix)} className="small mb-0">
        {label}
      </Form.Label>
      <Form.Control id={field(suffix)} size="sm" type={type} value={v} onChange={(e) => set(e.target.value)} />
    </Form.Group>
  );

  return (
    <div>
      <Form.Control
        id={id}
        name={name}
        as="textarea"
        rows={4}
        className="font-monospace"
        spellCheck={false}
        placeholder={placeholder}
        value={text}
        isInvalid={invalid}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <Button variant="link" size="sm" className="px-0" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? 'Hide the helper' : 'Add a change with the helper'}
      </Button>
      {open && (
        <fieldset className="border rounded p-2 mb-1">
          <legend className="visually-hidden">New {kind} change</legend>
          {kind === 'attribute' && (
            <>
              {characterSelect('Character', who, setWho, 'who')}
              {opSelect([
                ['set', 'Set'],
                ['increment', 'Increment'],
                ['unset', 'Unset'],
              ])}
              {input('Attribute path', path, setPath, 'path')}
              {op === 'set' && input('Value', amount, setAmount, 'value')}
              {op === 'increment' && input('By', amount, setAmount, 'by', 'number')}
            </>
          )}
          {kind === 'inventory' && (
            <>
              {characterSelect('Character', who, setWho, 'who')}
              <Form.Group className="mb-2">
                <Form.Label htmlFor={field('item')} className="small mb-0">
                  Item
                </Form.Label>
                <Form.Select id={field('item')} size="sm" value={item} onChange={(e) => setItem(e.target.value)}>
                  <option value="">Choose…</option>
                  {items.map((i) => (
                    <option key={i.id} value={i.id}>
                      {i.name}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              {opSelect([
                ['gain', 'Gains'],
                ['lose', 'Loses'],
                ['equip', 'Equips'],
                ['unequip', 'Unequips'],
              ])}
              {(op === 'gain' || op === 'lose') && input('Quantity', amount, setAmount, 'quantity', 'number')}
            </>
          )}
          {kind === 'relationship' && (
            <>
              {characterSelect('From character', who, setWho, 'who')}
              {characterSelect('Toward character', target, setTarget, 'target')}
              {opSelect([
                ['create', 'Create'],
                ['update', 'Update'],
                ['end', 'End'],
              ])}
              {op !== 'end' && (
                <>
                  <Form.Group className="mb-2">
                    <Form.Label htmlFor={field('type')} className="small mb-0">
                      Relationship type
                    </Form.Label>
                    <Form.Select
                      id={field('type')}
                      size="sm"
                      value={relationshipType}
                      onChange={(e) => setRelationshipType(e.target.value)}
                    >
                      <option value="">Unchanged</option>
                      {RELATIONSHIP_TYPES.map((t) => (
                        <option key={t} value={t}>
                          {relationshipTypeLabel(t)}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                  {op === 'update' && (
                    <Form.Group className="mb-2">
                      <Form.Label htmlFor={field('mode')} className="small mb-0">
                        Scores
                      </Form.Label>
                      <Form.Select
                        id={field('mode')}
                        size="sm"
                        value={scoreMode}
                        onChange={(e) => setScoreMode(e.target.value === 'set' ? 'set' : 'delta')}
                      >
                        <option value="delta">Add to the scores (delta)</option>
                        <option value="set">Set the scores</option>
                      </Form.Select>
                    </Form.Group>
                  )}
                  {SCORES.map((s) => input(s, scores[s] ?? '', (v) => setScores((all) => ({ ...all, [s]: v })), s, 'number'))}
                </>
              )}
            </>
          )}
          {error && (
            <div className="small text-danger mb-2" role="alert">
              {error}
            </div>
          )}
          <Button size="sm" variant="outline-primary" onClick={add}>
            Add change
          </Button>
        </fieldset>
      )}
    </div>
  );
}
