/**
 * What the graph screen shows, as pure functions over the world's graph: filters by type, a character's
 * neighbourhood to a depth, affinity as a colour, and a family tree by generations (SPEC §5 relationship types).
 */
import {
  FAMILY_RELATIONSHIPS,
  type ConnectableType,
  type GraphEdge,
  type GraphEdgeKind,
  type GraphNode,
  type WorldGraph,
} from '@loreforge/contract';

/** What the reader chose to see. */
export interface GraphFilter {
  nodeTypes: ReadonlySet<ConnectableType>;
  edgeKinds: ReadonlySet<GraphEdgeKind>;
  /** A node to centre on: only nodes within `depth` edges of it are kept. */
  focusId?: string | undefined;
  /** 1 or more; used with focusId. */
  depth: number;
}

/** The nodes and edges to draw. */
export interface GraphView {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/**
 * Keeps the chosen node types and edge kinds, then (with a focus) the nodes within `depth` edges of the focus,
 * edges followed either way.
 * @returns nodes in the graph's order, and only edges whose both ends are kept.
 */
export function filterGraph(graph: GraphView, filter: GraphFilter): GraphView {
  let nodes = graph.nodes.filter((node) => filter.nodeTypes.has(node.type) || node.id === filter.focusId);
  let kept = new Set(nodes.map((node) => node.id));
  let edges = graph.edges.filter((edge) => filter.edgeKinds.has(edge.kind) && kept.has(edge.source) && kept.has(edge.target));
  if (filter.focusId && kept.has(filter.focusId)) {
    const neighbours = new Map<string, string[]>();
    for (const edge of edges) {
      neighbours.set(edge.source, [...(neighbours.get(edge.source) ?? []), edge.target]);
      neighbours.set(edge.target, [...(neighbours.get(edge.target) ?? []), edge.source]);
    }
    const reached = new Set([filter.focusId]);
    let frontier = [filter.focusId];
    for (let step = 0; step < filter.depth && frontier.length > 0; step += 1) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const other of neighbours.get(id) ?? []) {
          if (!reached.has(other)) {
            reached.add(other);
            next.push(other);
          }
        }
      }
      frontier = next;
    }
    kept = reached;
    nodes = nodes.filter((node) => kept.has(node.id));
    edges = edges.filter((edge) => kept.has(edge.source) && kept.has(edge.target));
  }
  return { nodes, edges };
}

/**
 * A colour for an affinity: red at -100, grey at 0, green at 100 (hue 0 → 120, saturation growing with strength).
 * @returns a CSS hsl() colour.
 */
export function affinityColour(affinity: number): string {
  const clamped = Math.max(-100, Math.min(100, affinity));
  const hue = clamped < 0 ? 0 : 120;
  const saturation = Math.round((Math.abs(clamped) / 100) * 65);
  return `hsl(${hue}, ${saturation}%, 42%)`;
}

/** One generation of a family tree: 0 is the chosen character's, negative are ancestors, positive descendants. */
export interface Generation {
  generation: number;
  members: GraphNode[];
}

/**
 * A character's family by generations, following the family relationship types (Parent to, Child of, Sibling of,
 * immediate, extended and like family) either way from the character.
 * @returns generations from the oldest down, members by name; just the character when it has no family.
 */
export function familyGenerations(graph: WorldGraph, characterId: string): Generation[] {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  if (!byId.has(characterId)) return [];
  const links = new Map<string, Array<{ other: string; step: number }>>();
  const link = (from: string, other: string, step: number) => links.set(from, [...(links.get(from) ?? []), { other, step }]);
  for (const edge of graph.edges) {
    if (edge.kind !== 'relationship') continue;
    const placement = FAMILY_RELATIONSHIPS[edge.label as keyof typeof FAMILY_RELATIONSHIPS];
    if (!placement) continue;
    const step = placement === 'child' ? 1 : placement === 'parent' ? -1 : 0;
    link(edge.source, edge.target, step);
    link(edge.target, edge.source, -step);
  }
  const generationOf = new Map([[characterId, 0]]);
  const queue = [characterId];
  while (queue.length > 0) {
    const id = queue.shift() ?? '';
    const here = generationOf.get(id) ?? 0;
    for (const { other, step } of links.get(id) ?? []) {
      if (generationOf.has(other) || !byId.has(other)) continue;
      generationOf.set(other, here + step);
      queue.push(other);
    }
  }
  const rows = new Map<number, GraphNode[]>();
  for (const [id, generation] of generationOf) {
    const node = byId.get(id);
    if (node) rows.set(generation, [...(rows.get(generation) ?? []), node]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([generation, members]) => ({ generation, members: members.sort((a, b) => a.name.localeCompare(b.name)) }));
}

/** A line of a family tree: from parent to child (`parent`), or between two of one generation (`same`). */
export interface FamilyLink {
  id: string;
  from: string;
  to: string;
  kind: 'parent' | 'same';
  label: string;
}

/**
 * The family links among the members of a family tree, parent → child whichever way the relationship was recorded
 * ('Child of' is turned round); one line per pair, the first recorded kept.
 * @param members ids of the family (from {@link familyGenerations}).
 */
export function familyLinks(graph: WorldGraph, members: ReadonlySet<string>): FamilyLink[] {
  const seen = new Set<string>();
  const links: FamilyLink[] = [];
  for (const edge of graph.edges) {
    if (edge.kind !== 'relationship' || !members.has(edge.source) || !members.has(edge.target)) continue;
    const placement = FAMILY_RELATIONSHIPS[edge.label as keyof typeof FAMILY_RELATIONSHIPS];
    if (!placement) continue;
    const [from, to] = placement === 'parent' ? [edge.target, edge.source] : [edge.source, edge.target];
    const pair = [from, to].sort().join('|');
    if (seen.has(pair)) continue;
    seen.add(pair);
    links.push({ id: edge.id, from, to, kind: placement === 'same' ? 'same' : 'parent', label: edge.label });
  }
  return links;
}
