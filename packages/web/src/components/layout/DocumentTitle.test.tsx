import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { Breadcrumbs } from './Breadcrumbs';
import { DocumentTitle } from './DocumentTitle';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const C = '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f';

describe('DocumentTitle (WCAG 2.4.2 Page Titled)', () => {
  it("names the tab after the page, most specific first, with the trail's names and no request of its own", async () => {
    signIn();
    const asked: string[] = [];
    mockFetch((url) => {
      asked.push(url.pathname);
      if (url.pathname === `/api/worlds/${W}`) return jsonResponse({ worldId: W, name: 'The Land of Oz' });
      if (url.pathname === `/api/worlds/${W}/characters/${C}`) return jsonResponse({ characterId: C, name: 'Dorothy' });
      return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes(
      <>
        <DocumentTitle />
        <Breadcrumbs />
      </>,
      `/worlds/${W}/characters/${C}/relationships`,
    );
    await waitFor(() => expect(document.title).toBe('Relationships · Dorothy · Characters · The Land of Oz · Loreforge'));
    expect(asked.filter((path) => path === `/api/worlds/${W}`)).toHaveLength(1);
    expect(asked.filter((path) => path === `/api/worlds/${W}/characters/${C}`)).toHaveLength(1);
  });

  it('reads a name it could not fetch as its label, and the home page as the product alone', async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404));
    const { unmount } = renderRoutes(<DocumentTitle />, `/worlds/${W}/maps/m1`);
    await waitFor(() => expect(document.title).toBe('Map · Maps · World · Loreforge'));
    unmount();

    renderRoutes(<DocumentTitle />, '/');
    await waitFor(() => expect(document.title).toBe('Loreforge'));
  });
});
