import { useState } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { LIMITS, MESSAGES, type World } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useWorlds } from '../../api/worlds';
import { mayWriteIn, roleOf } from '../../api/access';
import { RoleBadge } from '../../components/access/RoleBadge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { Pager } from '../../components/generic-list/Pager';
import { useAuth } from '../../hooks/useAuth';
import { HOME_WORLDS_PAGE } from '../../first-screen-hints';
import { truncate } from '../../lib/format';
import { pluralize } from '../../lib/text';
import { DeleteWorldFlow } from '../worlds/DeleteWorldFlow';
import { ImportWorldControl } from './ImportWorldControl';
import { WorldQuickCreate } from './WorldQuickCreate';

/** Failure text of the worlds list (SPEC §8). */
export const WORLDS_FETCH_FAILED = 'Failed to fetch worlds. Please try again later.';

function WorldCard({ world, onDelete }: { world: World; onDelete: (world: World) => void }) {
  const role = roleOf(world) ?? 'owner';
  const counts = [
    ['Character', world.counts.characters],
    ['Timeline', world.counts.timelines],
    ['Map', world.counts.maps],
  ] as const;
  return (
    <Card className="h-100 lf-card">
      <Card.Body className="d-flex flex-column">
        <div className="d-flex align-items-start gap-2">
          <Card.Title as="h2" className="h5 me-auto">
            <Link to={`/worlds/${world.worldId}`} className="text-decoration-none">
              {truncate(world.name, LIMITS.truncateName)}
            </Link>
          </Card.Title>
          <RoleBadge role={role} />
        </div>
        <Card.Text className="text-body-secondary small flex-grow-1">
          {truncate(world.description, LIMITS.truncateDescription) || 'No description yet.'}
        </Card.Text>
        <ul className="list-inline mb-0" aria-label="Contents">
          {counts.map(([label, count]) => (
            <li key={label} className="list-inline-item">
              <Badge bg="light" text="dark" className="border">
                <span className="fw-bold">{count}</span> {pluralize(count, label)}
              </Badge>
            </li>
          ))}
        </ul>
      </Card.Body>
      <Card.Footer className="bg-transparent d-flex gap-2 justify-content-end">
        <Link to={`/worlds/${world.worldId}`} className="btn btn-sm btn-primary" aria-label={`Open ${world.name}`}>
          Open
        </Link>
        {mayWriteIn(world) && (
          <Link to={`/worlds/${world.worldId}/edit`} className="btn btn-sm btn-outline-primary" aria-label={`Edit ${world.name}`}>
            Edit
          </Link>
        )}
        {role === 'owner' && (
          <Button size="sm" variant="outline-danger" onClick={() => onDelete(world)} aria-label={`Delete ${world.name}`}>
            Delete
          </Button>
        )}
      </Card.Footer>
    </Card>
  );
}

/**
 * Home when signed in (SPEC §1, §2): the worlds the user owns and those shared with them (issue 11) as cards
 * with the user's role, character, timeline and map counts (Edit for editors, Delete for the owner), newest first; "You haven't created any worlds yet. Let's build one!" when there are none and
 * 'Failed to fetch worlds. Please try again later.' when loading fails; a floating add button opens the
 * world quick-create popover. Import World (issue 13) creates a world from an exported archive.
 */
export function WorldsHome() {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const query = useWorlds({ ...HOME_WORLDS_PAGE, page });
  const [toDelete, setToDelete] = useState<World | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <div className="me-auto lf-page-heading">
          <h1 className="h2 mb-0 lf-page-title">Your Worlds</h1>
          {user && <p className="mb-0 text-white lf-page-title small">Welcome, {user.username || user.email}.</p>}
        </div>
        <ImportWorldControl />
        <Link to="/worlds/create" className="btn btn-warning fw-semibold">
          + Create World
        </Link>
        {/* Floats at the bottom right on wide screens; on a phone it sits here, by Create World, not under the cards. */}
        <WorldQuickCreate onCreated={(name) => setNotice(`Created world "${name}".`)} />
      </div>

      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} closeLabel="Dismiss" role="status">
          {notice}
        </Alert>
      )}
      {query.isPending && <LoadingSpinner label="Loading your worlds..." />}
      {query.isError && <ErrorAlert message={handleError(query.error, WORLDS_FETCH_FAILED)} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.data.length === 0 && (
        <div className="lf-panel text-center py-5">
          <p className="lead mb-3">{MESSAGES.noWorlds}</p>
          <Link to="/worlds/create" className="btn btn-primary btn-lg">
            Create your first world
          </Link>
        </div>
      )}
      {query.isSuccess && query.data.data.length > 0 && (
        <>
          <Row xs={1} md={2} lg={3} className="g-4">
            {query.data.data.map((world) => (
              <Col key={world.worldId}>
                <WorldCard world={world} onDelete={setToDelete} />
              </Col>
            ))}
          </Row>
          <div className="d-flex justify-content-center mt-4">
            <Pager current={page} total={query.data.pagination.totalPages} onChange={setPage} label="World pages" />
          </div>
        </>
      )}
      <DeleteWorldFlow world={toDelete} onClose={() => setToDelete(null)} />
    </Container>
  );
}
