import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { WorldGraph } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { FamilyTreeScreen } from './FamilyTreeScreen';

/** What the drawing library was given: the jsdom has no canvas, so the library is replaced by a recorder. */
const drawn = vi.hoisted(() => ({ nodes: [] as Array<{ id: string; y: number }> }));
vi.mock('cytoscape', () => ({
  default: (options: { elements: Array<{ group: string; data: { id: string }; position?: { y: number } }> }) => {
    drawn.nodes = options.elements
      .filter((element) => element.group === 'nodes')
      .map((element) => ({ id: element.data.id, y: element.position?.y ?? Number.NaN }));
    return {
      on: () => undefined,
      destroy: () => undefined,
      zoom: () => undefined,
      center: () => undefined,
      getElementById: () => undefined,
    };
  },
}));

const WORLD = '33333333-3333-4333-8333-333333333333';
const GRAPH: WorldGraph = {
  nodes: [
    { id: 'dorothy', type: 'character', name: 'Dorothy' },
    { id: 'em', type: 'character', name: 'Aunt Em' },
    { id: 'henry', type: 'character', name: 'Uncle Henry' },
    { id: 'scarecrow', type: 'character', name: 'Scarecrow' },
  ],
  edges: [
    { id: 'r1', kind: 'relationship', source: 'dorothy', target: 'em', label: 'Child of', affinity: 90 },
    { id: 'r2', kind: 'relationship', source: 'henry', target: 'dorothy', label: 'Parent to', affinity: 80 },
    { id: 'r3', kind: 'relationship', source: 'dorothy', target: 'scarecrow', label: 'friend', affinity: 70 },
  ],
  truncated: false,
};

describe('the family tree screen', () => {
  it("draws a character's family by generations and lists each generation with links to their pages", async () => {
    signIn();
    mockFetch(() => jsonResponse(GRAPH));
    renderRoutes(
      [{ path: '/worlds/:worldId/characters/:characterId/family', element: <FamilyTreeScreen /> }],
      `/worlds/${WORLD}/characters/dorothy/family`,
    );
    expect(await screen.findByRole('heading', { name: 'Family tree of Dorothy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 generation up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aunt Em' })).toHaveAttribute('href', `/worlds/${WORLD}/characters/em`);
    expect(screen.getByRole('link', { name: 'Uncle Henry' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Scarecrow' })).toBeNull();
    await vi.waitFor(() => expect(drawn.nodes).toHaveLength(3), { timeout: 5000 });
    const y = (id: string) => drawn.nodes.find((node) => node.id === id)?.y;
    expect(y('em')).toBe(y('henry'));
    expect(y('em')).toBeLessThan(y('dorothy') ?? 0);
  });

  it('shows a family that is all of one generation', async () => {
    signIn();
    mockFetch(() =>
      jsonResponse({
        ...GRAPH,
        edges: [{ id: 'r9', kind: 'relationship', source: 'dorothy', target: 'em', label: 'extended_family', affinity: 85 }],
      }),
    );
    renderRoutes(
      [{ path: '/worlds/:worldId/characters/:characterId/family', element: <FamilyTreeScreen /> }],
      `/worlds/${WORLD}/characters/dorothy/family`,
    );
    expect(await screen.findByRole('heading', { name: 'Their generation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aunt Em' })).toBeInTheDocument();
    expect(screen.queryByText('No family relationships recorded for this character.')).toBeNull();
  });

  it('says so when the character is not in the world', async () => {
    signIn();
    mockFetch(() => jsonResponse(GRAPH));
    renderRoutes(
      [{ path: '/worlds/:worldId/characters/:characterId/family', element: <FamilyTreeScreen /> }],
      `/worlds/${WORLD}/characters/nobody/family`,
    );
    expect(await screen.findByText('Character not found.')).toBeInTheDocument();
  });
});
