import { useLocation, Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import { LIMITS } from '@loreforge/contract';
import { truncate } from '../../lib/text';
import { useAuth } from '../../hooks/useAuth';
import { buildCrumbs, crumbNameQuery, type CrumbStep } from './breadcrumb-trail';

function CrumbLabel({ step }: { step: CrumbStep }) {
  const { hasToken } = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery(crumbNameQuery(step, queryClient, hasToken));
  if (!step.lookup || query.isError || (!hasToken && query.data === undefined)) return <>{step.label}</>;
  if (query.isPending)
    return (
      <span className="placeholder-glow">
        <span className="placeholder col-12" style={{ minWidth: '5ch' }}>
          …
        </span>
      </span>
    );
  return <>{truncate(query.data, LIMITS.truncateName)}</>;
}

/**
 * The trail under the header (SPEC §2 "Header"): Home, then each part of the path, with ids resolved to
 * names by fetching them (falling back to World, Character, Map, Item, Inventory Item, Relationship, ... when
 * a lookup fails) and the deepest entity id at the right (from the small breakpoint up: on a phone it would
 * squeeze the trail to its first letters); a step with no page of its own is text, not a link. On a phone the
 * trail keeps Home and its last two steps, with "…" for those between, so each step it shows can be read whole.
 * Hidden on the home page.
 */
export function Breadcrumbs() {
  const { pathname, search } = useLocation();
  if (pathname === '/') return null;
  const steps = buildCrumbs(pathname, search);
  const lastEntity = [...steps].reverse().find((s) => s.entityId);
  return (
    <div className="lf-breadcrumbs">
      {/* The id sits inside the landmark, so every part of the bar belongs to one (axe "region"). */}
      <Container as="nav" aria-label="Breadcrumb" className="d-flex align-items-center gap-3">
        <ol className="breadcrumb mb-0 flex-grow-1 min-w-0">
          <li className="breadcrumb-item">
            <Link to="/">Home</Link>
          </li>
          {steps.length > 2 && (
            <li className="breadcrumb-item d-sm-none" aria-hidden="true">
              …
            </li>
          )}
          {steps.map((step, index) => {
            const last = index === steps.length - 1;
            const collapsed = index < steps.length - 2 ? ' d-none d-sm-block' : '';
            return (
              <li
                key={step.path}
                className={`breadcrumb-item${last ? ' active' : ''}${collapsed}`}
                aria-current={last ? 'page' : undefined}
              >
                {last || !step.linked ? (
                  <CrumbLabel step={step} />
                ) : (
                  <Link to={step.path}>
                    <CrumbLabel step={step} />
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
        {lastEntity?.entityId && (
          <span
            className="lf-entity-id small text-body-secondary font-monospace text-truncate d-none d-sm-inline"
            title={lastEntity.entityId}
          >
            <span className="visually-hidden">{lastEntity.label} id: </span>
            {truncate(lastEntity.entityId, LIMITS.truncateWorldId)}
          </span>
        )}
      </Container>
    </div>
  );
}
