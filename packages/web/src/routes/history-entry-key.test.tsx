import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router';
import { keyCurrentHistoryEntry } from './history-entry-key';

/** Where React Router's `<ScrollRestoration>` keeps the tab's saved positions between documents. */
const SAVED_POSITIONS = 'react-router-scroll-positions';

/** Opens `path` as a new document would: a router created on the current history entry, with scroll restoration. */
async function openDocument(path: string, keyEntry: boolean): Promise<ReturnType<typeof vi.fn>> {
  window.history.replaceState(window.history.state, '', path);
  const scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  if (keyEntry) keyCurrentHistoryEntry();
  const router = createBrowserRouter([
    {
      element: (
        <>
          <Outlet />
          <ScrollRestoration />
        </>
      ),
      children: [{ path: '*', element: <p>page</p> }],
    },
  ]);
  const { unmount } = render(<RouterProvider router={router} />);
  await screen.findByText('page');
  unmount();
  return scrollTo;
}

describe("the first page of a document and the tab's saved scroll positions", () => {
  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
    vi.unstubAllGlobals();
  });

  it('opens at the top, not at the position an earlier document of the tab left its own first page at', async () => {
    // A members list, the first page of its document, was left scrolled 700 px down.
    sessionStorage.setItem(SAVED_POSITIONS, JSON.stringify({ default: 700 }));
    window.history.replaceState(null, '', '/');

    const unkeyed = await openDocument('/worlds/w1/details', false);
    // What the router did on its own: every document's first entry is "default", so it took the other page's place.
    expect(unkeyed).toHaveBeenCalledWith(0, 700);

    window.history.replaceState(null, '', '/');
    const keyed = await openDocument('/worlds/w1/details', true);
    expect(keyed).not.toHaveBeenCalledWith(0, 700);
  });

  it('keeps the entry its key across a reload, so a reloaded page comes back to where it was scrolled', async () => {
    window.history.replaceState(null, '', '/worlds/w1/details');
    const key = keyCurrentHistoryEntry();
    expect(keyCurrentHistoryEntry()).toBe(key);
    sessionStorage.setItem(SAVED_POSITIONS, JSON.stringify({ default: 700, [key]: 340 }));

    const scrollTo = await openDocument('/worlds/w1/details', true);
    expect(scrollTo).toHaveBeenCalledWith(0, 340);
    expect(scrollTo).not.toHaveBeenCalledWith(0, 700);
  });
});
