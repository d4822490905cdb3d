import { describe, expect, it } from 'vitest';
import { AttributeChangesDocumentSchema, InventoryChangesDocumentSchema, RelationshipChangesDocumentSchema } from '@loreforge/contract';
import { appendChange, readTypedValue } from './change-helper';

const DOROTHY = 'cccccccc-0000-4000-8000-000000000001';
const LION = 'cccccccc-0000-4000-8000-000000000002';
const SHOES = 'dddddddd-0000-4000-8000-000000000001';

describe('appendChange', () => {
  it('starts a versioned document from empty text, and appends to an existing one', () => {
    const first = appendChange('', 'inventory', { characterId: DOROTHY, itemId: SHOES, quantity: 2 });
    expect(first.ok).toBe(true);
    const second = appendChange(first.ok ? first.text : '', 'inventory', {
      characterId: DOROTHY,
      itemId: SHOES,
      quantity: 0,
      equipped: true,
    });
    if (!second.ok) throw new Error(second.message);
    const parsed = InventoryChangesDocumentSchema.parse(JSON.parse(second.text));
    expect(parsed.changes).toEqual([
      { characterId: DOROTHY, itemId: SHOES, quantity: 2 },
      { characterId: DOROTHY, itemId: SHOES, quantity: 0, equipped: true },
    ]);
  });

  it('writes attribute and relationship entries the contract accepts', () => {
    const attribute = appendChange('', 'attribute', { op: 'increment', characterId: LION, path: 'courage', by: 5 });
    expect(attribute.ok && AttributeChangesDocumentSchema.safeParse(JSON.parse(attribute.text)).success).toBe(true);
    const relationship = appendChange('', 'relationship', {
      op: 'update',
      characterId: LION,
      targetCharacterId: DOROTHY,
      delta: { affinity: 15 },
    });
    expect(relationship.ok && RelationshipChangesDocumentSchema.safeParse(JSON.parse(relationship.text)).success).toBe(true);
  });

  it('refuses free-form or broken JSON, and an entry the format rejects, naming the field', () => {
    const message = (result: ReturnType<typeof appendChange>) => (result.ok ? null : result.message);
    expect(message(appendChange('{ "note": "the shoes" }', 'inventory', { characterId: DOROTHY, itemId: SHOES, quantity: 1 }))).toContain(
      'versioned format',
    );
    expect(message(appendChange('{ nope', 'inventory', { characterId: DOROTHY, itemId: SHOES, quantity: 1 }))).toContain('does not parse');
    expect(message(appendChange('', 'attribute', { op: 'set', characterId: DOROTHY, path: 'a..b', value: 1 }))).toMatch(/^path: /);
  });

  it('reads typed values as JSON when they parse, else as text', () => {
    expect(readTypedValue('10')).toBe(10);
    expect(readTypedValue('Kansas')).toBe('Kansas');
    expect(readTypedValue('{"a":1}')).toEqual({ a: 1 });
  });
});
