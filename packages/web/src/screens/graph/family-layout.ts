/**
 * Places a family tree's members by generation with ELK's layered layout (elkjs, loaded on demand): one partition
 * per generation keeps ancestors above descendants, and ELK orders each row so that parent-child lines cross as
 * little as possible. Rows are then snapped to their generation, so a member never sits between two rows.
 */
import type { FamilyLink, Generation } from './graph-model';

/** A member's place in the drawing, in pixels (centre of its box). */
export interface FamilyPosition {
  x: number;
  y: number;
}

/** A member's box in the drawing, in pixels at zoom 1 (the canvas draws them at this size). */
export const NODE_WIDTH = 120;
/** See {@link NODE_WIDTH}. */
export const NODE_HEIGHT = 36;
const ROW_GAP = 110;

/**
 * Computes the members' positions.
 * @param generations the family by generation, oldest first (from familyGenerations).
 * @param links the family's links; only parent → child lines shape the rows' order.
 * @returns id → centre position; every member of `generations` has one.
 * @throws Error when the layout library cannot run (the caller shows the tree as a list only).
 */
export async function layoutFamily(generations: readonly Generation[], links: readonly FamilyLink[]): Promise<Map<string, FamilyPosition>> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const rowOf = new Map<string, number>();
  generations.forEach(({ members }, row) => members.forEach((member) => rowOf.set(member.id, row)));
  const laid = await elk.layout({
    id: 'family',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.partitioning.activate': 'true',
      'elk.spacing.nodeNode': '30',
      'elk.layered.spacing.nodeNodeBetweenLayers': String(ROW_GAP - NODE_HEIGHT),
    },
    children: [...rowOf.entries()].map(([id, row]) => ({
      id,
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      layoutOptions: { 'elk.partitioning.partition': String(row) },
    })),
    edges: links
      .filter((link) => link.kind === 'parent' && rowOf.has(link.from) && rowOf.has(link.to))
      .map((link) => ({ id: link.id, sources: [link.from], targets: [link.to] })),
  });
  const xOf = new Map((laid.children ?? []).map((child) => [child.id, (child.x ?? 0) + NODE_WIDTH / 2]));
  const positions = new Map<string, FamilyPosition>();
  generations.forEach(({ members }, row) => {
    // ELK's order along the row; members it put in another layer are pushed apart so no two boxes overlap.
    const ordered = members.map((member) => ({ id: member.id, x: xOf.get(member.id) ?? 0 })).sort((a, b) => a.x - b.x);
    let last = Number.NEGATIVE_INFINITY;
    for (const { id, x } of ordered) {
      const placed = Math.max(x, last + NODE_WIDTH + 30);
      positions.set(id, { x: placed, y: row * ROW_GAP + NODE_HEIGHT / 2 });
      last = placed;
    }
  });
  return positions;
}
