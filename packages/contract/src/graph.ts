/**
 * The web of a world (issue "Linked lore"): GET /worlds/{worldId}/graph answers every node and edge in one
 * answer, for the graph view and the family tree.
 */
import { z } from 'zod';
import { CONNECTABLE_TYPES, RELATIONSHIP_TYPES } from './enums.js';
import { optionalDateTimeField, optionalUuidField } from './fields.js';

/** Most nodes one graph answer holds (characters and items first by name; `truncated` says when more exist). */
export const GRAPH_NODE_MAX = 5000;
/** Most edges one graph answer holds. */
export const GRAPH_EDGE_MAX = 20000;

/** Kinds of edge: a character's relationship, a connection between two entities, a character holding an item. */
export const GRAPH_EDGE_KINDS = ['relationship', 'connection', 'holds'] as const;
export type GraphEdgeKind = (typeof GRAPH_EDGE_KINDS)[number];

/**
 * The relationship types of a family (SPEC §5 Relationship types) and how each places its target against its
 * source in a family tree: one generation down (child), up (parent) or the same generation.
 */
export const FAMILY_RELATIONSHIPS: Partial<Record<(typeof RELATIONSHIP_TYPES)[number], 'child' | 'parent' | 'same'>> = {
  'Parent to': 'child',
  'Child of': 'parent',
  'Sibling of': 'same',
  immediate_family_general: 'same',
  extended_family: 'same',
  like_family: 'same',
};

/** A node of the graph: an entity by its type, id and name (a goal's title). */
export const GraphNodeSchema = z.object({
  id: z.string(),
  type: z.enum(CONNECTABLE_TYPES),
  name: z.string(),
});
export type GraphNode = z.infer<typeof GraphNodeSchema>;

/** An edge of the graph, directed from `source` to `target`. */
export const GraphEdgeSchema = z.object({
  id: z.string().describe('The relationship, connection or inventory entry the edge stands for.'),
  kind: z.enum(GRAPH_EDGE_KINDS),
  source: z.string().describe("id of the node it starts from (a relationship's character, a connection's source, the holder)."),
  target: z.string(),
  label: z.string().describe('Relationship type, connection type, or "holds".'),
  affinity: z.number().int().nullable().describe("A relationship's affinity (-100 to 100); null for other kinds."),
});
export type GraphEdge = z.infer<typeof GraphEdgeSchema>;

/** GET /worlds/{worldId}/graph: every node and edge in one answer; each edge's ends are among the nodes. */
export const WorldGraphSchema = z.object({
  nodes: z.array(GraphNodeSchema),
  edges: z.array(GraphEdgeSchema),
  truncated: z
    .boolean()
    .describe(
      `true when the world has more than ${GRAPH_NODE_MAX} characters and items or ${GRAPH_EDGE_MAX} edges, and some were left out.`,
    ),
});
export type WorldGraph = z.infer<typeof WorldGraphSchema>;

/**
 * GET /worlds/{worldId}/graph query: with a timeline, relationships and holdings as they stand at a moment of it
 * (the timeline engine's state: just after `eventId`, at `at`, or at the timeline's currentDateTime).
 */
export const WorldGraphQuerySchema = z.object({
  timelineId: optionalUuidField('timelineId').describe(
    'Show relationships (with their affinity then) and holdings as they stand on this timeline; without it, as stored.',
  ),
  at: optionalDateTimeField('at').describe("With timelineId: the moment (ISO 8601). Default: the timeline's currentDateTime."),
  eventId: optionalUuidField('eventId').describe('With timelineId, instead of at: just after this event of the timeline.'),
});
export type WorldGraphQuery = z.input<typeof WorldGraphQuerySchema>;
