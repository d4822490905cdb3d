/**
 * Builds a world's graph in one answer: characters and items as nodes (first by name, up to GRAPH_NODE_MAX),
 * plus whatever else connections reach; relationships, connections and holdings as edges between nodes present.
 */
import {
  CONNECTABLE_TYPES,
  type CharacterState,
  type ConnectableType,
  GRAPH_EDGE_MAX,
  GRAPH_NODE_MAX,
  type GraphEdge,
  type GraphNode,
  type WorldGraph,
} from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import {
  type GraphScope,
  findConnectedNames,
  listConnectionEdges,
  listHoldingEdges,
  listNodeRows,
  listRelationshipEdges,
} from './graph.repository.js';

const isConnectable = (type: string): type is ConnectableType => (CONNECTABLE_TYPES as readonly string[]).includes(type);

/**
 * Reads the graph of a world.
 * @returns nodes, edges (each edge's ends are nodes of the answer) and whether anything was left out.
 */
export async function buildWorldGraph(db: Db, scope: GraphScope): Promise<WorldGraph> {
  const characters = await listNodeRows(db, scope, 'character', GRAPH_NODE_MAX + 1);
  const items = await listNodeRows(db, scope, 'item', Math.max(0, GRAPH_NODE_MAX + 1 - Math.min(characters.length, GRAPH_NODE_MAX)));
  let truncated = characters.length + items.length > GRAPH_NODE_MAX;
  const nodes = new Map<string, GraphNode>();
  for (const row of characters.slice(0, GRAPH_NODE_MAX)) nodes.set(row.id, { id: row.id, type: 'character', name: row.name });
  for (const row of items.slice(0, GRAPH_NODE_MAX - nodes.size)) nodes.set(row.id, { id: row.id, type: 'item', name: row.name });

  const edges: GraphEdge[] = [];
  const add = (edge: GraphEdge) => {
    if (!nodes.has(edge.source) || !nodes.has(edge.target)) return;
    if (edges.length >= GRAPH_EDGE_MAX) truncated = true;
    else edges.push(edge);
  };
  for (const row of await listRelationshipEdges(db, scope, GRAPH_EDGE_MAX + 1)) {
    add({
      id: row.id,
      kind: 'relationship',
      source: row.character_id,
      target: row.target_character_id,
      label: row.relationship_type,
      affinity: row.affinity,
    });
  }
  const connections = await listConnectionEdges(db, scope, GRAPH_EDGE_MAX + 1);
  const others = connections
    .flatMap((row) => [
      { type: row.source_type, id: row.source_id },
      { type: row.target_type, id: row.target_id },
    ])
    .flatMap((ref) => (isConnectable(ref.type) && ref.type !== 'character' && ref.type !== 'item' ? [{ type: ref.type, id: ref.id }] : []));
  const names = await findConnectedNames(db, scope, others);
  for (const ref of others) {
    const name = names.get(`${ref.type}:${ref.id}`);
    if (name !== undefined && !nodes.has(ref.id)) nodes.set(ref.id, { id: ref.id, type: ref.type, name });
  }
  for (const row of connections) {
    add({ id: row.id, kind: 'connection', source: row.source_id, target: row.target_id, label: row.connection_type, affinity: null });
  }
  for (const row of await listHoldingEdges(db, scope, GRAPH_EDGE_MAX + 1)) {
    add({ id: row.id, kind: 'holds', source: row.character_id, target: row.item_id, label: 'holds', affinity: null });
  }
  if (connections.length > GRAPH_EDGE_MAX) truncated = true;
  return { nodes: [...nodes.values()], edges, truncated };
}

/**
 * The graph with its relationships and holdings as they stand at a moment of a timeline: the stored relationship
 * and holding edges are replaced by those of the timeline engine's state (types and affinity then; a relationship
 * not yet made, or an item not yet held, is absent). Nodes and connections stay as stored.
 * @param states every character's state at the moment, as the engine answers it for the same reader.
 * @returns a new graph; an edge keeps the id of the stored row for the same pair when there is one.
 */
export function graphAtMoment(graph: WorldGraph, states: readonly CharacterState[]): WorldGraph {
  const nodeIds = new Set(graph.nodes.map((node) => node.id));
  const storedIds = new Map(
    graph.edges.filter((edge) => edge.kind !== 'connection').map((edge) => [`${edge.kind}:${edge.source}>${edge.target}`, edge.id]),
  );
  const idOf = (kind: GraphEdge['kind'], source: string, target: string) =>
    storedIds.get(`${kind}:${source}>${target}`) ?? `${source}>${target}`;
  const relationships: GraphEdge[] = [];
  const holdings: GraphEdge[] = [];
  for (const state of states) {
    if (!nodeIds.has(state.characterId)) continue;
    for (const relationship of state.relationships) {
      if (!nodeIds.has(relationship.targetCharacterId)) continue;
      relationships.push({
        id: idOf('relationship', state.characterId, relationship.targetCharacterId),
        kind: 'relationship',
        source: state.characterId,
        target: relationship.targetCharacterId,
        label: relationship.relationshipType,
        affinity: relationship.affinity,
      });
    }
    for (const entry of state.inventory) {
      if (!nodeIds.has(entry.itemId) || entry.quantity <= 0) continue;
      holdings.push({
        id: idOf('holds', state.characterId, entry.itemId),
        kind: 'holds',
        source: state.characterId,
        target: entry.itemId,
        label: 'holds',
        affinity: null,
      });
    }
  }
  const connections = graph.edges.filter((edge) => edge.kind === 'connection');
  const edges = [...relationships, ...connections, ...holdings];
  return { nodes: graph.nodes, edges: edges.slice(0, GRAPH_EDGE_MAX), truncated: graph.truncated || edges.length > GRAPH_EDGE_MAX };
}
