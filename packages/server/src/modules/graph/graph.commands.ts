/**
 * Builds a world's graph in one answer: characters and items as nodes (first by name, up to GRAPH_NODE_MAX),
 * plus whatever else connections reach; relationships, connections and holdings as edges between nodes present.
 */
import { CONNECTABLE_TYPES, type ConnectableType, GRAPH_EDGE_MAX, GRAPH_NODE_MAX, type GraphEdge, type GraphNode, type WorldGraph } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { type GraphScope, findConnectedNames, listConnectionEdges, listHoldingEdges, listNodeRows, listRelationshipEdges } from './graph.repository.js';

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
    add({ id: row.id, kind: 'relationship', source: row.character_id, target: row.target_character_id, label: row.relationship_type, affinity: row.affinity });
  }
  const connections = await listConnectionEdges(db, scope, GRAPH_EDGE_MAX + 1);
  const others = connections.flatMap((row) => [
    { type: row.source_type, id: row.source_id },
    { type: row.target_type, id: row.target_id },
  ]).flatMap((ref) => (isConnectable(ref.type) && ref.type !== 'character' && ref.type !== 'item' ? [{ type: ref.type, id: ref.id }] : []));
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
