import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';

/**
 * How an AppLink goes to a path of the app: the router's navigate inside the app, or the landing page's start of
 * the app (screens/landing/landing-entry.tsx). Without one, a link is an ordinary page load.
 */
export const AppNavigateContext = createContext<((to: string) => void) | null>(null);

/**
 * A link to a path of the app that works with and without the router: the landing page is shown before the
 * router (and its code) is loaded, so its links cannot be React Router's `Link`.
 * @param to an absolute path of the app, e.g. '/register'.
 * @returns an `<a href={to}>` whose plain click (no modifier key, main button) navigates within the app.
 */
export function AppLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const navigate = useContext(AppNavigateContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!navigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} className={className} onClick={handleClick}>
      {children}
    </a>
  );
}
