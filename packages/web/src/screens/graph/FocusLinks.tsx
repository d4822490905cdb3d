import { Link } from 'react-router';
import Table from 'react-bootstrap/Table';
import type { GraphEdge, GraphNode } from '@loreforge/contract';
import { entityPath } from '../../lib/entity-path';
import { relationshipTypeLabel } from '../../lib/relationship-labels';

/** Props of {@link FocusLinks}. */
export interface FocusLinksProps {
  worldId: string;
  focus: GraphNode;
  nodes: readonly GraphNode[];
  edges: readonly GraphEdge[];
}

/**
 * The focused entity's own links as a table beside the drawing (the canvas cannot be read aloud): who, what link,
 * to whom, and a relationship's affinity, so a reader can follow how feelings change as the scrubber moves.
 * Rows follow the graph's order; each other end links to its page.
 */
export function FocusLinks({ worldId, focus, nodes, edges }: FocusLinksProps) {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const own = edges.filter((edge) => edge.source === focus.id || edge.target === focus.id);
  const end = (id: string) => {
    const node = byId.get(id);
    if (!node) return null;
    return node.id === focus.id ? node.name : <Link to={entityPath(worldId, node.type, node.id)}>{node.name}</Link>;
  };
  return (
    <Table size="sm" striped responsive className="mt-3 mb-0 lf-focus-links">
      <caption className="caption-top fw-semibold">Links of {focus.name}</caption>
      <thead>
        <tr>
          <th scope="col">From</th>
          <th scope="col">Link</th>
          <th scope="col">To</th>
          <th scope="col">Affinity</th>
        </tr>
      </thead>
      <tbody>
        {own.length === 0 && (
          <tr>
            <td colSpan={4} className="text-body-secondary">
              No links shown.
            </td>
          </tr>
        )}
        {own.map((edge) => (
          <tr key={`${edge.kind}:${edge.id}`}>
            <td>{end(edge.source)}</td>
            <td>{edge.kind === 'relationship' ? relationshipTypeLabel(edge.label) : edge.label}</td>
            <td>{end(edge.target)}</td>
            <td>{edge.affinity ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
