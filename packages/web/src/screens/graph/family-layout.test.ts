import { describe, expect, it } from 'vitest';
import type { GraphNode, WorldGraph } from '@loreforge/contract';
import { layoutFamily } from './family-layout';
import { familyGenerations, familyLinks } from './graph-model';

const node = (id: string): GraphNode => ({ id, type: 'character', name: id });
const rel = (source: string, target: string, label: string) => ({
  id: `${source}-${target}`,
  kind: 'relationship' as const,
  source,
  target,
  label,
  affinity: 50,
});

describe('layoutFamily', () => {
  it('puts each generation on its own row, oldest on top, with no two members on one spot', async () => {
    const graph: WorldGraph = {
      nodes: ['Grandma', 'Em', 'Henry', 'Dorothy', 'Cousin', 'Baby'].map(node),
      edges: [
        rel('Grandma', 'Em', 'Parent to'),
        rel('Grandma', 'Henry', 'Parent to'),
        rel('Dorothy', 'Em', 'Child of'),
        rel('Henry', 'Em', 'Sibling of'),
        rel('Cousin', 'Dorothy', 'extended_family'),
        rel('Dorothy', 'Baby', 'Parent to'),
      ],
      truncated: false,
    };
    const generations = familyGenerations(graph, 'Dorothy');
    const links = familyLinks(graph, new Set(generations.flatMap((g) => g.members.map((m) => m.id))));
    expect(links.find((link) => link.label === 'Child of')).toMatchObject({ from: 'Em', to: 'Dorothy', kind: 'parent' });
    const positions = await layoutFamily(generations, links);
    const y = (id: string) => positions.get(id)?.y ?? Number.NaN;
    expect(y('Grandma')).toBeLessThan(y('Em'));
    expect(y('Em')).toBe(y('Henry'));
    expect(y('Em')).toBeLessThan(y('Dorothy'));
    expect(y('Dorothy')).toBe(y('Cousin'));
    expect(y('Dorothy')).toBeLessThan(y('Baby'));
    const spots = [...positions.values()].map((p) => `${Math.round(p.x)},${p.y}`);
    expect(new Set(spots).size).toBe(6);
  });
});
