import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Core, ElementDefinition, NodeSingular } from 'cytoscape';
import type { GraphEdge, GraphNode } from '@loreforge/contract';
import { relationshipTypeLabel } from '../../lib/relationship-labels';
import { affinityColour } from './graph-model';

/** Node colours by entity type. */
export const NODE_COLOURS: Record<GraphNode['type'], string> = {
  character: '#0d6efd',
  item: '#d39e00',
  timeline: '#6f42c1',
  event: '#d63384',
  map: '#198754',
  quest: '#fd7e14',
  goal: '#20c997',
};

/** Edge colour: a relationship's affinity, blue for connections, grey for holdings. */
function edgeColour(edge: GraphEdge): string {
  if (edge.kind === 'relationship') return affinityColour(edge.affinity ?? 0);
  return edge.kind === 'connection' ? '#4d7cc7' : '#9aa0a6';
}

function toElements(nodes: readonly GraphNode[], edges: readonly GraphEdge[], focusId: string | undefined): ElementDefinition[] {
  return [
    ...nodes.map((node) => ({
      group: 'nodes' as const,
      data: { id: node.id, label: node.name, type: node.type, colour: NODE_COLOURS[node.type], focus: node.id === focusId ? 1 : 0 },
    })),
    ...edgesOf(edges),
  ];
}

function edgesOf(edges: readonly GraphEdge[]): ElementDefinition[] {
  return edges.map((edge) => ({
    group: 'edges' as const,
    data: {
      id: `${edge.kind}:${edge.id}`,
      source: edge.source,
      target: edge.target,
      label: edge.kind === 'relationship' ? relationshipTypeLabel(edge.label) : edge.label,
      colour: edgeColour(edge),
      kind: edge.kind,
    },
  }));
}

/** Above this many nodes the graph is drawn for speed: rings instead of forces, straight edges, labels when zoomed in. */
export const LARGE_GRAPH = 300;

/**
 * A layout that keeps the page responsive: force-directed with a bounded number of iterations for a few hundred
 * nodes, rings by degree (one pass, no simulation) beyond.
 */
const layoutFor = (count: number) =>
  count <= LARGE_GRAPH
    ? { name: 'cose', animate: false, randomize: true, numIter: 400 }
    : {
        name: 'concentric',
        animate: false,
        minNodeSpacing: 8,
        concentric: (node: { degree: (loops: boolean) => number }) => node.degree(false),
        levelWidth: () => 2,
      };

/** Props of {@link GraphCanvas}. */
export interface GraphCanvasProps {
  nodes: readonly GraphNode[];
  edges: readonly GraphEdge[];
  focusId?: string | undefined;
  /** Called when a node is clicked or tapped. */
  onOpen: (node: GraphNode) => void;
}

/**
 * Draws nodes and edges with Cytoscape.js, loaded only when a graph is shown (its own chunk). Nodes can be dragged,
 * the view zoomed and panned; clicking a node calls `onOpen`. When only the edges change (a timeline's scrubber),
 * the nodes keep their places.
 */
export function GraphCanvas({ nodes, edges, focusId, onOpen }: GraphCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | null>(null);
  const nodeKey = useRef('');
  const openRef = useRef(onOpen);
  const byId = useRef(new Map<string, GraphNode>());
  const [failed, setFailed] = useState(false);
  // What a tap reads: the latest handler and nodes, kept current after each commit (before the drawing effect).
  useLayoutEffect(() => {
    openRef.current = onOpen;
    byId.current = new Map(nodes.map((node) => [node.id, node]));
  }, [onOpen, nodes]);

  useEffect(() => {
    let cancelled = false;
    const key = `${focusId ?? ''}|${nodes.map((node) => node.id).join(',')}`;
    const draw = async () => {
      const { default: cytoscape } = await import('cytoscape');
      if (cancelled || !container.current) return;
      if (!cy.current) {
        const large = nodes.length > LARGE_GRAPH;
        cy.current = cytoscape({
          container: container.current,
          minZoom: 0.05,
          maxZoom: 4,
          // A large graph pans and zooms from a snapshot and skips its edges while moving, so dragging stays smooth.
          textureOnViewport: large,
          hideEdgesOnViewport: large,
          style: [
            {
              selector: 'node',
              style: {
                'background-color': 'data(colour)',
                label: 'data(label)',
                'font-size': 10,
                color: '#222',
                'text-valign': 'bottom',
                'text-margin-y': 3,
                width: 18,
                height: 18,
              },
            },
            { selector: 'node[focus = 1]', style: { width: 30, height: 30, 'border-width': 3, 'border-color': '#000' } },
            {
              selector: 'edge',
              style: {
                'line-color': 'data(colour)',
                'target-arrow-color': 'data(colour)',
                'target-arrow-shape': 'triangle',
                'curve-style': 'bezier',
                width: 2,
                label: 'data(label)',
                'font-size': 8,
                color: '#555',
                'text-rotation': 'autorotate',
              },
            },
            { selector: 'edge[kind = "holds"]', style: { 'line-style': 'dashed', width: 1 } },
            // Labels only once they are big enough to read: far fewer glyphs to draw at a large graph's first zoom.
            { selector: 'node, edge', style: { 'min-zoomed-font-size': 7 } },
            ...(large ? [{ selector: 'edge', style: { 'curve-style': 'haystack' as const, 'target-arrow-shape': 'none' as const } }] : []),
          ],
        });
        cy.current.on('tap', 'node', (event) => {
          // The 'node' selector makes the target a node (cytoscape's EventObjectNode), though the handler's type says any.
          const node = byId.current.get((event.target as NodeSingular).id());
          if (node) openRef.current(node);
        });
      }
      const instance = cy.current;
      if (key === nodeKey.current) {
        instance.batch(() => {
          instance.edges().remove();
          instance.add(edgesOf(edges));
        });
        return;
      }
      nodeKey.current = key;
      instance.batch(() => {
        instance.elements().remove();
        instance.add(toElements(nodes, edges, focusId));
      });
      instance.layout(layoutFor(nodes.length)).run();
      instance.fit(undefined, 30);
    };
    draw().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [nodes, edges, focusId]);

  useEffect(
    () => () => {
      cy.current?.destroy();
      cy.current = null;
    },
    [],
  );

  if (failed) return <p className="text-danger">The graph could not be drawn in this browser.</p>;
  return (
    <div
      ref={container}
      className="lf-graph-canvas"
      role="img"
      aria-label={`Graph of ${nodes.length} entities and ${edges.length} links`}
    />
  );
}
