import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppNavigateContext } from '../../components/AppLink';
import { LandingPage } from './LandingPage';

/**
 * Shows the landing page in `root` on its own (see main.tsx). Following one of its links to another path of
 * the app records that path in the history, replaces the landing page with the whole app and lets the app's
 * router show the path; the brand link to / stays on the page.
 * @param root the page's #root element, empty.
 */
export function startLanding(root: HTMLElement): void {
  const landing = createRoot(root);
  let starting = false;
  const navigate = (to: string) => {
    if (to === '/' || starting) return;
    starting = true;
    void import('../../app-entry').then(({ startApp }) => {
      window.history.pushState(null, '', to);
      landing.unmount();
      startApp(root);
    });
  };
  landing.render(
    <StrictMode>
      <AppNavigateContext.Provider value={navigate}>
        <LandingPage />
      </AppNavigateContext.Provider>
    </StrictMode>,
  );
}
