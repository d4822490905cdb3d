import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NameOrder, compareByNameThenId } from './name-order.js';

describe('NameOrder', () => {
  const order = () =>
    NameOrder.build([
      { id: 'c5', name: 'Zed' },
      { id: 'c2', name: 'Lion' },
      { id: 'c1', name: 'Lion' },
      { id: 'c3', name: 'dorothy' },
      { id: 'c4', name: '' },
      { id: 'c6', name: 'İris' },
    ]);

  it('orders by name, then id, character code by character code', () => {
    const all = order().page('', 0, 10);
    expect(all).toEqual({ ids: ['c4', 'c1', 'c2', 'c5', 'c3', 'c6'], total: 6 });
    expect(order().idAt(5)).toBe('c6');
    expect(order().idAt(6)).toBe('');
  });

  it('finds names containing a lowercased text, never across two names, and pages the matches', () => {
    expect(order().page('lion', 0, 10)).toEqual({ ids: ['c1', 'c2'], total: 2 });
    expect(order().page('lion', 1, 1)).toEqual({ ids: ['c2'], total: 2 });
    expect(order().page('lion', 2, 5)).toEqual({ ids: [], total: 2 });
    // "Lion" + "Zed" side by side hold "nz", which no single name does.
    expect(order().page('nz', 0, 10)).toEqual({ ids: [], total: 0 });
    // Lowercasing follows JavaScript, even where it lengthens a name ("İ" becomes "i̇").
    expect(order().page('i̇ris', 0, 10)).toEqual({ ids: ['c6'], total: 1 });
  });

  it('agrees with filtering and sorting plain objects, for any names', () => {
    const names = fc.array(
      fc.record({ id: fc.uuid(), name: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('ab', 'AB', 'İ', 'ß', '😀a', '\uffffb')) }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(names, fc.string({ maxLength: 3 }), fc.nat(10), fc.integer({ min: 1, max: 5 }), (characters, text, from, count) => {
        const needle = text.trim().toLowerCase();
        const expected = [...characters]
          .sort(compareByNameThenId)
          .filter((c) => c.name.toLowerCase().includes(needle))
          .map((c) => c.id);
        const page = NameOrder.build([...characters]).page(needle, from, count);
        expect(page).toEqual({ ids: expected.slice(from, from + count), total: expected.length });
      }),
      { numRuns: 300 },
    );
  });
});
