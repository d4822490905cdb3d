import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../hooks/useAuth';
import { buildCrumbs, crumbNameQuery, documentTitle } from './breadcrumb-trail';

/**
 * Keeps the browser tab's title on the page being read (WCAG 2.4.2 "Page Titled"), so a game master with a dozen
 * tabs open, their history and a screen reader can tell pages apart: the breadcrumb trail reversed, named through
 * the same queries as the trail (no request of its own), e.g. "Relationships · Dorothy · Characters · The Land of
 * Oz · Loreforge". A step whose name is loading or could not be fetched reads as its label (Character, World, ...).
 * Renders nothing.
 */
export function DocumentTitle() {
  const { pathname, search } = useLocation();
  const { hasToken } = useAuth();
  const queryClient = useQueryClient();
  const steps = pathname === '/' ? [] : buildCrumbs(pathname, search);
  const names = useQueries({
    queries: steps.map((step) => crumbNameQuery(step, queryClient, hasToken)),
    combine: (results) => results.map((result, index) => (steps[index]?.lookup && result.data) || (steps[index]?.label ?? '')),
  });
  const title = documentTitle(names);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
