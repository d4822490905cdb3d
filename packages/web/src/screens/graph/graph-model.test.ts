import { describe, expect, it } from 'vitest';
import type { GraphEdge, GraphNode, WorldGraph } from '@loreforge/contract';
import { affinityColour, familyGenerations, filterGraph } from './graph-model';

const node = (id: string, type: GraphNode['type'] = 'character'): GraphNode => ({ id, type, name: id });
const rel = (source: string, target: string, label = 'friend', affinity = 50): GraphEdge => ({
  id: `${source}-${target}`,
  kind: 'relationship',
  source,
  target,
  label,
  affinity,
});

const GRAPH: WorldGraph = {
  nodes: [node('Dorothy'), node('Scarecrow'), node('Tin'), node('Lion'), node('Shoes', 'item'), node('Wizard')],
  edges: [
    rel('Dorothy', 'Scarecrow'),
    rel('Scarecrow', 'Tin'),
    rel('Tin', 'Lion'),
    { id: 'h1', kind: 'holds', source: 'Dorothy', target: 'Shoes', label: 'holds', affinity: null },
  ],
  truncated: false,
};
const ALL = { nodeTypes: new Set(['character', 'item'] as const), edgeKinds: new Set(['relationship', 'holds'] as const), depth: 1 };

describe('filterGraph', () => {
  it('keeps a character and their neighbours to the chosen depth, edges either way', () => {
    const names = (depth: number, focusId = 'Scarecrow') => filterGraph(GRAPH, { ...ALL, focusId, depth }).nodes.map((n) => n.id);
    expect(names(1)).toEqual(['Dorothy', 'Scarecrow', 'Tin']);
    expect(names(2)).toEqual(['Dorothy', 'Scarecrow', 'Tin', 'Lion', 'Shoes']);
    expect(names(1, 'Wizard')).toEqual(['Wizard']);
  });

  it('hides the types and kinds of link left out, and the links to hidden nodes', () => {
    const view = filterGraph(GRAPH, { ...ALL, nodeTypes: new Set(['character']) });
    expect(view.nodes.map((n) => n.id)).not.toContain('Shoes');
    expect(view.edges.map((e) => e.kind)).toEqual(['relationship', 'relationship', 'relationship']);
    expect(filterGraph(GRAPH, { ...ALL, edgeKinds: new Set(['holds']) }).edges.map((e) => e.id)).toEqual(['h1']);
  });
});

describe('familyGenerations', () => {
  it('lays a family out by generations from Parent to, Child of and Sibling of, either way', () => {
    const family: WorldGraph = {
      nodes: ['Grandma', 'Em', 'Henry', 'Dorothy', 'Cousin', 'Baby', 'Friend'].map((id) => node(id)),
      edges: [
        rel('Grandma', 'Em', 'Parent to'),
        rel('Dorothy', 'Em', 'Child of'),
        rel('Henry', 'Em', 'Sibling of'),
        rel('Cousin', 'Dorothy', 'extended_family'),
        rel('Dorothy', 'Baby', 'Parent to'),
        rel('Dorothy', 'Friend', 'friend'),
      ],
      truncated: false,
    };
    expect(familyGenerations(family, 'Dorothy').map((g) => [g.generation, g.members.map((m) => m.id)])).toEqual([
      [-2, ['Grandma']],
      [-1, ['Em', 'Henry']],
      [0, ['Cousin', 'Dorothy']],
      [1, ['Baby']],
    ]);
  });
});

describe('affinityColour', () => {
  it('runs from red through grey to green', () => {
    expect(affinityColour(-100)).toBe('hsl(0, 65%, 42%)');
    expect(affinityColour(0)).toBe('hsl(120, 0%, 42%)');
    expect(affinityColour(250)).toBe('hsl(120, 65%, 42%)');
  });
});
