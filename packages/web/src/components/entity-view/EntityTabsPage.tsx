import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';

/** One tab of an entity page: its path below the page's base URL and its label. */
export interface EntityTab {
  path: string;
  label: string;
}

/** Props of {@link EntityTabsPage}. */
export interface EntityTabsPageProps {
  /** What the entity is, shown above its name: 'Character', 'Item'. */
  kind: string;
  name: string;
  /** The page's buttons and links (Edit, Delete…), right of the name. */
  actions: ReactNode;
  /** The tabs; the first one is also selected on the base URL itself. */
  tabs: readonly EntityTab[];
  /** The page's URL, e.g. `/worlds/w/characters/c`. */
  base: string;
  /** The tab content (the page's `<Outlet>`, whose routes are in routes/), shown in the page's panel. */
  children: ReactNode;
  /** Anything after the panel, such as dialogs. */
  after?: ReactNode;
}

/**
 * The layout of a tabbed entity page (SPEC §2 character and item pages): kind and name with actions, a row of
 * tabs at their own URLs (the first one marked current on the bare base URL), and a panel for the selected tab.
 */
export function EntityTabsPage({ kind, name, actions, tabs, base, children, after }: EntityTabsPageProps) {
  const { pathname } = useLocation();
  const onIndex = pathname.replace(/\/$/, '') === base;
  return (
    <Container className="py-4">
      <header className="d-flex flex-wrap align-items-start gap-3 mb-3">
        <div className="me-auto min-w-0 lf-page-heading">
          <p className="mb-1 small text-uppercase fw-semibold lf-page-title">{kind}</p>
          <h1 className="h2 mb-1 lf-page-title text-break">{name}</h1>
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">{actions}</div>
      </header>
      <Nav variant="pills" className="lf-world-tabs mb-4" as="nav" aria-label={`${kind} sections`}>
        {tabs.map((tab, index) => {
          const selected = index === 0 && onIndex;
          return (
            <Nav.Item key={tab.path}>
              <NavLink
                to={`${base}/${tab.path}`}
                className={({ isActive }) => `nav-link text-nowrap${isActive || selected ? ' active' : ''}`}
                aria-current={selected ? 'page' : undefined}
              >
                {tab.label}
              </NavLink>
            </Nav.Item>
          );
        })}
      </Nav>
      <div className="lf-panel">{children}</div>
      {after}
    </Container>
  );
}
