import { useRef, useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import Tab from 'react-bootstrap/Tab';
import { LIMITS } from '@loreforge/contract';
import { Icon, type IconName } from '../../components/Icon';
import { formatDateTime } from '../../lib/format';
import { capitalize, pluralize } from '../../lib/text';
import { ENTITY_HELP, HELP_TABS, type WorldEntityType } from './entity-help';
import { IfAllowed } from '../../components/access/IfAllowed';
import { useOverlayParts } from '../../components/overlays/useOverlayParts';
import { NotesPanel } from '../../components/notes/NotesPanel';
import { LazyQuickCreateForm } from '../../components/quick-create/LazyQuickCreateForm';
import { SinceLastVisitCard } from './SinceLastVisitCard';
import { RecentlyDeleted } from '../../components/history/RecentlyDeleted';
import type { WorldOutletContext } from './WorldScreen';

const CARD_TYPES: Array<{ type: WorldEntityType; singular: string; icon: IconName }> = [
  { type: 'characters', singular: 'character', icon: 'character' },
  { type: 'timelines', singular: 'timeline', icon: 'timeline' },
  { type: 'maps', singular: 'map', icon: 'map' },
  { type: 'events', singular: 'event', icon: 'event' },
  { type: 'items', singular: 'item', icon: 'item' },
];

function CountCard({
  worldId,
  type,
  singular,
  icon,
  count,
  selected,
  onSelect,
  onCreated,
}: {
  worldId: string;
  type: WorldEntityType;
  singular: string;
  icon: IconName;
  count: number;
  selected: boolean;
  onSelect: () => void;
  onCreated: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { parts, load } = useOverlayParts();
  const title = ENTITY_HELP[type].title;
  return (
    <Card className={`h-100 lf-card lf-count-card${selected ? ' is-selected' : ''}`}>
      <Card.Body className="d-flex flex-column">
        <button
          type="button"
          className="btn btn-link text-start text-decoration-none text-body p-0 flex-grow-1"
          onClick={onSelect}
          aria-pressed={selected}
          aria-controls="entity-help"
        >
          <Icon name={icon} size={28} className="text-primary" />
          <span className="lf-count d-block mt-2">{count}</span>
          <span className="d-block fw-semibold">{pluralize(count, capitalize(singular), title)}</span>
          <span className="visually-hidden">: show help</span>
        </button>
        <div className="d-flex gap-2 mt-3">
          <Link to={type} className="btn btn-sm btn-outline-primary flex-grow-1">
            View all
          </Link>
          <IfAllowed worldId={worldId} to="manage">
            <Button
              ref={buttonRef}
              size="sm"
              variant="primary"
              onPointerEnter={load}
              onFocus={load}
              onClick={() => {
                load();
                setOpen((v) => !v);
              }}
              aria-expanded={open}
            >
              {/* The visible words start the accessible name, so a voice user can say what they see. */}+ New
              <span className="visually-hidden"> {singular}</span>
            </Button>
          </IfAllowed>
        </div>
        {parts && (
          <parts.Overlay target={buttonRef} show={open} placement="bottom" rootClose onHide={() => setOpen(false)}>
            <parts.Popover id={`quick-create-${type}`} style={{ minWidth: LIMITS.quickCreateMinWidthPx }}>
              <parts.Popover.Header as="h3">New {singular}</parts.Popover.Header>
              <parts.Popover.Body>
                <LazyQuickCreateForm
                  worldId={worldId}
                  type={type}
                  onCancel={() => setOpen(false)}
                  onCreated={(name) => {
                    setOpen(false);
                    onCreated(`Created ${singular} "${name}".`);
                  }}
                />
              </parts.Popover.Body>
            </parts.Popover>
          </parts.Overlay>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * The world's Details tab (SPEC §1, §2): count cards for characters, timelines, maps, events and items, each
 * with a quick-create button; what others changed since the member's last visit and, for editors, what was
 * recently deleted, to restore (issue 15); clicking a card shows
 * that type's help in tabs Information, Usage, Interactions and Creating. Below, the member's own notes on the
 * world (issue 11).
 */
export function WorldDetailsTab() {
  const { world } = useOutletContext<WorldOutletContext>();
  const [selected, setSelected] = useState<WorldEntityType>('characters');
  const [notice, setNotice] = useState<string | null>(null);
  const help = ENTITY_HELP[selected];

  return (
    <>
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} closeLabel="Dismiss" role="status">
          {notice}
        </Alert>
      )}
      <Row xs={2} md={3} xl={5} className="g-3 mb-4">
        {CARD_TYPES.map((card) => (
          <Col key={card.type}>
            <CountCard
              worldId={world.worldId}
              type={card.type}
              singular={card.singular}
              icon={card.icon}
              count={world.counts[card.type]}
              selected={selected === card.type}
              onSelect={() => setSelected(card.type)}
              onCreated={setNotice}
            />
          </Col>
        ))}
      </Row>

      <SinceLastVisitCard worldId={world.worldId} />
      <RecentlyDeleted worldId={world.worldId} />

      <Card className="lf-card mb-4" id="entity-help">
        <Card.Body className="p-4">
          <h2 className="h4 mb-3">About {help.title}</h2>
          <Tab.Container key={selected} defaultActiveKey="Information">
            <Nav variant="tabs" className="mb-3" role="tablist">
              {HELP_TABS.map((tab) => (
                <Nav.Item key={tab}>
                  <Nav.Link eventKey={tab}>{tab}</Nav.Link>
                </Nav.Item>
              ))}
            </Nav>
            <Tab.Content>
              {HELP_TABS.map((tab) => {
                const content = help.tabs[tab];
                return (
                  <Tab.Pane key={tab} eventKey={tab}>
                    <p>{content.intro}</p>
                    {content.points && (
                      <ul className="mb-0">
                        {content.points.map((point) => (
                          <li key={point}>{point}</li>
                        ))}
                      </ul>
                    )}
                  </Tab.Pane>
                );
              })}
            </Tab.Content>
          </Tab.Container>
        </Card.Body>
      </Card>

      <Card className="lf-card">
        <Card.Body className="p-4">
          <h2 className="h5">World details</h2>
          <dl className="row mb-0 small">
            <dt className="col-sm-3">World id</dt>
            <dd className="col-sm-9 font-monospace text-break">{world.worldId}</dd>
            <dt className="col-sm-3">Created</dt>
            <dd className="col-sm-9">{formatDateTime(world.createdAt)}</dd>
            <dt className="col-sm-3">Last updated</dt>
            <dd className="col-sm-9">{formatDateTime(world.updatedAt)}</dd>
          </dl>
        </Card.Body>
      </Card>

      <Card className="lf-card mt-4">
        <Card.Body className="p-4">
          <NotesPanel worldId={world.worldId} entityType="world" entityId={world.worldId} className="" />
        </Card.Body>
      </Card>
    </>
  );
}
