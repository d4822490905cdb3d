import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import type { World } from '@loreforge/contract';
import { handleError, notFoundMessage } from '../../api/client';
import { useWorld } from '../../api/worlds';
import { ViewAsSwitch } from '../../components/access/ViewAsSwitch';
import { PresenceAvatars } from '../../components/live/PresenceAvatars';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { DeleteWorldFlow } from './DeleteWorldFlow';
import { ExportWorldControl } from './ExportWorldControl';
import { RichText } from '../../components/rich-text/RichText';

/** What the world page hands its tabs through `useOutletContext`. */
export interface WorldOutletContext {
  world: World;
}

/** The world page's tabs, each at its own URL (SPEC §2). */
export const WORLD_TABS = [
  { path: 'details', label: 'Details' },
  { path: 'items', label: 'Items' },
  { path: 'timelines', label: 'Timelines' },
  { path: 'events', label: 'Events' },
  { path: 'characters', label: 'Characters' },
  { path: 'maps', label: 'Maps' },
  { path: 'members', label: 'Members' },
] as const;

/**
 * /worlds/:worldId (SPEC §2): the world's name with Edit (editors) and Delete (the owner), its description on the
 * Details tab only (so the other tabs' lists start near the top of a phone's screen), the "View as player" switch
 * for editors (issue 11), Export (issue 13: every member exports what they may see), and tabs Details (default), Items, Timelines, Events, Characters, Maps and Members
 * rendered below. A missing world shows the server's
 * 'World not found.' (or 'World with ID {id} not found.'); other failures 'Failed to load worlds data.'
 */
export function WorldScreen() {
  const { worldId = '' } = useParams();
  const navigate = useNavigate();
  const query = useWorld(worldId);
  const access = useWorldAccess(worldId);
  const [deleting, setDeleting] = useState(false);
  const { pathname } = useLocation();
  const onIndex = pathname.replace(/\/$/, '') === `/worlds/${worldId}`;
  // The full description belongs to the Details tab; above a list it would push the list a screen down on a phone.
  const onDetails = onIndex || pathname.replace(/\/$/, '') === `/worlds/${worldId}/details`;
  // The header's buttons are small beside the smaller heading of the other tabs.
  const buttonSize = onDetails ? undefined : 'sm';

  if (query.isPending) return <LoadingSpinner label="Loading world..." />;
  if (query.isError) {
    const missing = notFoundMessage(query.error, `World with ID ${worldId} not found.`);
    const message = missing ?? handleError(query.error, 'Failed to load worlds data.');
    return (
      <Container className="py-4">
        <ErrorAlert message={message} onRetry={missing ? undefined : () => void query.refetch()}>
          <Link to="/" className="alert-link d-inline-block mt-2">
            Back to your worlds
          </Link>
        </ErrorAlert>
      </Container>
    );
  }
  const world = query.data;
  const context: WorldOutletContext = { world };

  return (
    <Container className="py-4">
      <header className="d-flex flex-wrap align-items-start gap-2 gap-md-3 mb-3">
        <div className="me-auto min-w-0 lf-page-heading">
          <h1 className={`${onDetails ? 'h2' : 'h4'} mb-1 lf-page-title text-break`}>{world.name}</h1>
          {onDetails && world.descriptionHtml && (
            <div className="mb-0 text-white lf-page-title">
              <RichText worldId={world.worldId} html={world.descriptionHtml} />
            </div>
          )}
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <PresenceAvatars />
          <ViewAsSwitch worldId={world.worldId} size={buttonSize} />
          {onDetails && (
            <Link to={`/worlds/${world.worldId}/graph`} className="btn btn-light">
              Graph
            </Link>
          )}
          <ExportWorldControl worldId={world.worldId} size={buttonSize} />
          {access.isEditor && (
            <Link to={`/worlds/${world.worldId}/edit`} className={`btn btn-light${onDetails ? '' : ' btn-sm'}`}>
              Edit World
            </Link>
          )}
          {access.isOwner && (
            <Button variant="danger" {...(buttonSize ? { size: buttonSize } : {})} onClick={() => setDeleting(true)}>
              Delete World
            </Button>
          )}
        </div>
      </header>
      <Nav variant="pills" className="lf-world-tabs mb-4" as="nav" aria-label="World sections">
        {WORLD_TABS.map((tab) => (
          <Nav.Item key={tab.path}>
            <NavLink
              to={`/worlds/${world.worldId}/${tab.path}`}
              className={({ isActive }) => `nav-link text-nowrap${isActive || (tab.path === 'details' && onIndex) ? ' active' : ''}`}
              aria-current={tab.path === 'details' && onIndex ? 'page' : undefined}
            >
              {tab.label}
            </NavLink>
          </Nav.Item>
        ))}
      </Nav>
      <Outlet context={context} />
      <DeleteWorldFlow
        world={deleting ? world : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/', { replace: true })}
      />
    </Container>
  );
}
