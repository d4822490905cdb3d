import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { AppNavigateContext } from '../AppLink';
import { SkyBackground } from '../sky/SkyBackground';
import { ViewAsBanner } from '../access/ViewAsBanner';
import { LoadingSpinner } from '../LoadingSpinner';
import { AppNavbar } from './AppNavbar';
import { Breadcrumbs } from './Breadcrumbs';
import { DocumentTitle } from './DocumentTitle';

/**
 * The page frame: the document's title, sky background, fixed navbar, breadcrumbs, the "viewing as" banner of a
 * world viewed as a player, and the routed screen in `<main>`, with a skip link for keyboard users and a spinner
 * while a lazy screen loads.
 */
export function AppLayout() {
  const navigate = useNavigate();
  return (
    <AppNavigateContext.Provider value={(to) => void navigate(to)}>
      <a href="#main" className="visually-hidden-focusable lf-skip-link">
        Skip to content
      </a>
      <DocumentTitle />
      <SkyBackground />
      <AppNavbar />
      <div className="lf-below-navbar">
        <Breadcrumbs />
        <ViewAsBanner />
        <main id="main" tabIndex={-1} className="lf-main">
          <Suspense fallback={<LoadingSpinner label="Loading page..." />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <ScrollRestoration />
    </AppNavigateContext.Provider>
  );
}
