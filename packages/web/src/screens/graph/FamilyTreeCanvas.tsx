import { useEffect, useRef, useState } from 'react';
import type { Core, EventObjectNode } from 'cytoscape';
import type { FamilyLink, Generation } from './graph-model';
import { layoutFamily } from './family-layout';
import { drawingSize, familyFrame } from './family-frame';

/** The most of the screen's height the frame takes, and its cap in CSS px. */
const SCREEN_SHARE = 0.6;
const TALLEST_FRAME = 640;

/** Props of {@link FamilyTreeCanvas}. */
export interface FamilyTreeCanvasProps {
  generations: readonly Generation[];
  links: readonly FamilyLink[];
  /** The character the tree is for (drawn highlighted). */
  characterId: string;
  /** Called with a member's id when it is clicked or tapped. */
  onOpen: (id: string) => void;
}

/**
 * Draws a family tree with Cytoscape.js at the places ELK's layered layout gives (see layoutFamily): a row per
 * generation, parent → child arrows, dashed lines within a generation. Zoom, pan and click to open. The frame takes
 * the drawing's height at a zoom where names can be read (familyFrame); a tree larger than that opens centred on the
 * character, with a line saying to drag for the rest. When the layout cannot run, says so (the list beside it still
 * shows the family).
 */
export function FamilyTreeCanvas({ generations, links, characterId, onOpen }: FamilyTreeCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const openRef = useRef(onOpen);
  const [failed, setFailed] = useState(false);
  const [whole, setWhole] = useState(true);
  useEffect(() => {
    openRef.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    let cancelled = false;
    let cy: Core | undefined;
    const draw = async () => {
      const [{ default: cytoscape }, positions] = await Promise.all([import('cytoscape'), layoutFamily(generations, links)]);
      if (cancelled || !container.current) return;
      const frame = familyFrame(
        drawingSize(positions.values()),
        container.current.clientWidth,
        Math.min(window.innerHeight * SCREEN_SHARE, TALLEST_FRAME),
      );
      container.current.style.height = `${frame.height}px`;
      setWhole(frame.whole);
      cy = cytoscape({
        container: container.current,
        minZoom: 0.2,
        maxZoom: 3,
        autoungrabify: true,
        elements: [
          ...generations.flatMap(({ members }) =>
            members.map((member) => ({
              group: 'nodes' as const,
              data: { id: member.id, label: member.name, self: member.id === characterId ? 1 : 0 },
              position: positions.get(member.id) ?? { x: 0, y: 0 },
            })),
          ),
          ...links.map((link) => ({ group: 'edges' as const, data: { id: link.id, source: link.from, target: link.to, kind: link.kind } })),
        ],
        layout: { name: 'preset', fit: false },
        style: [
          {
            selector: 'node',
            style: {
              shape: 'round-rectangle',
              width: 120,
              height: 36,
              'background-color': '#e7f1ff',
              'border-width': 1,
              'border-color': '#0d6efd',
              label: 'data(label)',
              'text-valign': 'center',
              'text-halign': 'center',
              'font-size': 12,
              'text-wrap': 'ellipsis',
              'text-max-width': '110px',
            },
          },
          {
            selector: 'node[self = 1]',
            style: { 'background-color': '#0d6efd', color: '#fff', 'border-width': 3, 'border-color': '#000' },
          },
          {
            selector: 'edge',
            style: {
              'curve-style': 'taxi',
              'taxi-direction': 'downward',
              width: 2,
              'line-color': '#6c757d',
              'target-arrow-shape': 'triangle',
              'target-arrow-color': '#6c757d',
            },
          },
          { selector: 'edge[kind = "same"]', style: { 'curve-style': 'straight', 'line-style': 'dashed', 'target-arrow-shape': 'none' } },
        ],
      });
      cy.zoom(frame.zoom);
      cy.center(frame.whole ? undefined : cy.getElementById(characterId));
      cy.on('tap', 'node', (event: EventObjectNode) => openRef.current(event.target.id()));
    };
    draw().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      cy?.destroy();
    };
  }, [generations, links, characterId]);

  if (failed) return <p className="text-danger">The family tree could not be drawn in this browser; the list below shows it.</p>;
  const count = generations.reduce((sum, { members }) => sum + members.length, 0);
  return (
    <>
      <div
        ref={container}
        className="lf-family-canvas"
        role="img"
        aria-label={`Family tree of ${count} people over ${generations.length} generations`}
      />
      {!whole && <p className="small text-body-secondary mt-1 mb-0">Drag the tree to see the rest of the family.</p>}
    </>
  );
}
