import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import {
  CONNECTABLE_TYPES,
  GRAPH_EDGE_KINDS,
  type ConnectableType,
  type Event,
  type GraphEdgeKind,
  type GraphNode,
  type WorldGraph,
} from '@loreforge/contract';
import { useWorldGraph } from '../../api/graph';
import { handleError } from '../../api/client';
import { useTimelineLookup, useTimelineEvents, timelineLabel } from '../../api/timelines';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { entityPath } from '../../lib/entity-path';
import { TimeScrubber } from '../timelines/TimeScrubber';
import { FamilyTree } from './FamilyTree';
import { FocusLinks } from './FocusLinks';
import { GraphCanvas, NODE_COLOURS } from './GraphCanvas';
import { filterGraph } from './graph-model';
import './graph.css';

const TYPE_LABELS: Record<ConnectableType, string> = {
  character: 'Characters',
  item: 'Items',
  timeline: 'Timelines',
  event: 'Events',
  map: 'Maps',
  quest: 'Quests',
  goal: 'Goals',
};
const KIND_LABELS: Record<GraphEdgeKind, string> = { relationship: 'Relationships', connection: 'Connections', holds: 'Holdings' };
const MAX_DEPTH = 5;

/** Toggles one value of a set, as a new set. */
function toggled<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

/**
 * /worlds/{worldId}/graph (issue "Linked lore", the web of relationships): the world's characters, items and
 * connected entities as a graph with typed, coloured edges (affinity as colour). Filters by type, focus on one
 * character and their neighbours to a depth (with a table of their own links), a family tree by generations, and,
 * with a timeline chosen, the relationships as they stand at an event picked with the scrubber.
 */
export function GraphScreen() {
  const { worldId = '' } = useParams();
  const navigate = useNavigate();
  const [nodeTypes, setNodeTypes] = useState<ReadonlySet<ConnectableType>>(new Set(CONNECTABLE_TYPES));
  const [edgeKinds, setEdgeKinds] = useState<ReadonlySet<GraphEdgeKind>>(new Set(['relationship', 'connection']));
  const [focusId, setFocusId] = useState('');
  const [depth, setDepth] = useState(1);
  const [showTree, setShowTree] = useState(false);
  const [timelineId, setTimelineId] = useState('');
  const [eventId, setEventId] = useState<string | undefined>(undefined);
  const timelines = useTimelineLookup(worldId);
  const events = useTimelineEvents(worldId, timelineId, Boolean(timelineId));
  const storyEvents = useMemo(() => events.data?.pages.flatMap((page) => page.data) ?? [], [events.data]);
  const chosenEventId = timelineId ? (eventId ?? storyEvents[0]?.eventId) : undefined;
  // With a timeline, the server answers the relationships as they stand just after the chosen event (engine state).
  const graph = useWorldGraph(worldId, timelineId ? { timelineId, eventId: chosenEventId } : undefined);
  const shown: WorldGraph | undefined = graph.data;
  const view = useMemo(
    () => (shown ? filterGraph(shown, { nodeTypes, edgeKinds, focusId: focusId || undefined, depth }) : { nodes: [], edges: [] }),
    [shown, nodeTypes, edgeKinds, focusId, depth],
  );
  const characters = useMemo(
    () => (graph.data?.nodes ?? []).filter((node) => node.type === 'character').sort((a, b) => a.name.localeCompare(b.name)),
    [graph.data],
  );
  const focused = focusId ? characters.find((node) => node.id === focusId) : undefined;
  const handleOpen = useCallback((node: GraphNode) => void navigate(entityPath(worldId, node.type, node.id)), [navigate, worldId]);
  const handleSelectEvent = useCallback((event: Event) => setEventId(event.eventId), []);

  if (graph.isPending) return <LoadingSpinner label="Loading the graph..." />;
  if (graph.isError) {
    return (
      <Container className="py-4">
        <ErrorAlert
          message={handleError(graph.error, 'Failed to load the graph. Please try again.')}
          onRetry={() => void graph.refetch()}
        />
      </Container>
    );
  }

  return (
    <Container fluid="xl" className="py-4">
      <header className="lf-panel mb-3 d-flex flex-wrap align-items-center gap-2">
        <h1 className="h3 mb-0 me-auto">Web of relationships</h1>
        {focused && (
          <Link to={`/worlds/${worldId}/characters/${focused.id}/family`} className="btn btn-outline-secondary btn-sm">
            Family tree of {focused.name}
          </Link>
        )}
        <Link to={`/worlds/${worldId}`} className="btn btn-outline-secondary btn-sm">
          Back to the world
        </Link>
      </header>
      <section className="lf-panel mb-3 d-flex flex-wrap gap-4" aria-label="Graph filters">
        <fieldset>
          <legend className="small fw-semibold mb-1">Show</legend>
          {CONNECTABLE_TYPES.map((type) => (
            <Form.Check
              key={type}
              inline
              id={`graph-type-${type}`}
              label={
                <>
                  <span className="lf-graph-swatch" style={{ background: NODE_COLOURS[type] }} aria-hidden="true" />
                  {TYPE_LABELS[type]}
                </>
              }
              checked={nodeTypes.has(type)}
              onChange={() => setNodeTypes((set) => toggled(set, type))}
            />
          ))}
        </fieldset>
        <fieldset>
          <legend className="small fw-semibold mb-1">Links</legend>
          {GRAPH_EDGE_KINDS.map((kind) => (
            <Form.Check
              key={kind}
              inline
              id={`graph-kind-${kind}`}
              label={KIND_LABELS[kind]}
              checked={edgeKinds.has(kind)}
              onChange={() => setEdgeKinds((set) => toggled(set, kind))}
            />
          ))}
        </fieldset>
        <Form.Group controlId="graph-focus">
          <Form.Label className="small fw-semibold mb-1">Focus on</Form.Label>
          <Form.Select size="sm" value={focusId} onChange={(event) => setFocusId(event.target.value)}>
            <option value="">Everyone</option>
            {characters.map((node) => (
              <option key={node.id} value={node.id}>
                {node.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="graph-depth">
          <Form.Label className="small fw-semibold mb-1">Depth</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min={1}
            max={MAX_DEPTH}
            value={depth}
            disabled={!focusId}
            onChange={(event) => setDepth(Math.min(MAX_DEPTH, Math.max(1, Number(event.target.value) || 1)))}
          />
        </Form.Group>
        <Form.Group controlId="graph-timeline">
          <Form.Label className="small fw-semibold mb-1">Timeline</Form.Label>
          <Form.Select
            size="sm"
            value={timelineId}
            onChange={(event) => {
              setTimelineId(event.target.value);
              setEventId(undefined);
            }}
          >
            <option value="">As stored</option>
            {(timelines.data?.data ?? []).map((timeline) => (
              <option key={timeline.timelineId} value={timeline.timelineId}>
                On {timelineLabel(timeline)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Check
          type="switch"
          id="graph-family-tree"
          className="align-self-end"
          label="Family tree"
          disabled={!focusId}
          checked={showTree && Boolean(focusId)}
          onChange={() => setShowTree((on) => !on)}
        />
      </section>
      {timelineId && <TimeScrubber events={storyEvents} selectedEventId={chosenEventId} onSelect={handleSelectEvent} />}
      {graph.data.truncated && (
        <p className="small text-body-secondary lf-empty px-3 py-2">
          This world is large: the graph shows its first characters and items by name.
        </p>
      )}
      {showTree && focusId && shown ? (
        <section className="lf-panel" aria-label="Family tree">
          <FamilyTree worldId={worldId} graph={shown} characterId={focusId} />
        </section>
      ) : view.nodes.length === 0 ? (
        <p className="lf-empty text-center text-body-secondary py-4">Nothing to draw yet: add characters, items and their relationships.</p>
      ) : (
        // The summary, the drawing and the focus's links on one white surface: over the sky, and the page's dark
        // floor at night, their dark text would not read.
        <section className="lf-panel p-2 p-md-3" aria-label="Graph">
          <p className="small text-body-secondary mb-1" aria-live="polite">
            {view.nodes.length} {view.nodes.length === 1 ? 'entity' : 'entities'}, {view.edges.length}{' '}
            {view.edges.length === 1 ? 'link' : 'links'}. Drag to move, scroll to zoom, click to open. Relationship colour: red is hostile,
            grey neutral, green warm.
          </p>
          <GraphCanvas nodes={view.nodes} edges={view.edges} focusId={focusId || undefined} onOpen={handleOpen} />
          {focused && <FocusLinks worldId={worldId} focus={focused} nodes={view.nodes} edges={view.edges} />}
        </section>
      )}
    </Container>
  );
}
