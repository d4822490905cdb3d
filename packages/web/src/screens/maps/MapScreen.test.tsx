import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorldMap } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, requestUrl, sentJson, signIn } from '../../test/render';
import { MapScreen } from './MapScreen';
import { PUBLIC_ACCESS } from '../../test/access-fixtures';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const M = 'cccccccc-0000-4000-8000-000000000001';
const map: WorldMap = {
  ...PUBLIC_ACCESS,
  mapId: M,
  worldId: W,
  name: 'Northern Reaches',
  description: null,
  descriptionHtml: null,
  image: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const empty = { data: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, limit: 1000, nextCursor: null } };
const routes = [{ path: '/worlds/:worldId/maps/:mapId', element: <MapScreen /> }];

describe('MapScreen (maps are real maps)', () => {
  it('asks for an image on an empty map and refuses a file that is not PNG, JPEG or WebP', async () => {
    const user = userEvent.setup({ applyAccept: false });
    signIn();
    const fetch = mockFetch((url) =>
      url.pathname.endsWith('/points') || url.pathname.endsWith('/areas') ? jsonResponse(empty) : jsonResponse(map),
    );
    renderRoutes(routes, `/worlds/${W}/maps/${M}`);
    expect(await screen.findByRole('heading', { name: 'This map has no image yet' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload map image'), new File(['GIF89a'], 'map.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The image must be a PNG, JPEG or WebP file of at most 10 MB.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("uploads the raw file with its type and shows the server's message when it is refused", async () => {
    const user = userEvent.setup();
    signIn();
    const fetch = mockFetch((url, init) => {
      if (init.method === 'PUT') return jsonResponse({ message: 'The file is not a readable image.', code: 'UNSUPPORTED_MEDIA_TYPE' }, 415);
      return url.pathname.endsWith('/points') || url.pathname.endsWith('/areas') ? jsonResponse(empty) : jsonResponse(map);
    });
    renderRoutes(routes, `/worlds/${W}/maps/${M}`);
    const file = new File(['not really a png'], 'map.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Upload map image'), file);
    expect(await screen.findByText('The file is not a readable image.')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(requestUrl(put?.[0])).toBe(`/api/worlds/${W}/maps/${M}/image`);
    expect(put?.[1]?.body).toBe(file);
    expect(new Headers(put?.[1]?.headers).get('content-type')).toBe('image/png');
  });

  it('adds a point from the side list with typed pixel coordinates, for keyboard users', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    signIn();
    let sent: unknown;
    mockFetch((url, init) => {
      if (init.method === 'POST') {
        sent = sentJson(init);
        return jsonResponse(
          { pointId: 'p1', mapId: M, name: 'Harbour', description: null, x: 120, y: 45, entity: null, createdAt: '', updatedAt: '' },
          201,
        );
      }
      return ['/points', '/areas', '/members'].some((end) => url.pathname.endsWith(end)) ? jsonResponse(empty) : jsonResponse(map);
    });
    renderRoutes(routes, `/worlds/${W}/maps/${M}`);
    await user.click(await screen.findByRole('button', { name: 'Add point' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add point' });
    // The dialog opens with the cursor in its first field.
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    await user.type(within(dialog).getByLabelText('X'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Add point' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('X must be a number.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Harbour');
    await user.clear(within(dialog).getByLabelText('X'));
    await user.type(within(dialog).getByLabelText('X'), '120');
    await user.type(within(dialog).getByLabelText('Y'), '45');
    await user.click(within(dialog).getByRole('button', { name: 'Add point' }));
    await waitFor(() => expect(sent).toEqual({ name: 'Harbour', description: null, x: 120, y: 45, entity: null }));
  });

  it(
    "edits a point's description as rich text, keeping its formatting and sending its plain text beside it",
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      signIn();
      const point = {
        ...PUBLIC_ACCESS,
        pointId: 'p1',
        mapId: M,
        name: 'Harbour',
        description: 'Old harbour',
        descriptionHtml: '<p><strong>Old</strong> harbour</p>',
        x: 120,
        y: 45,
        entity: null,
        createdAt: '',
        updatedAt: '2025-01-02T00:00:00.000Z',
      };
      let sent: Record<string, unknown> | undefined;
      mockFetch((url, init) => {
        if (init.method === 'PUT') {
          sent = sentJson(init) as Record<string, unknown>;
          return jsonResponse({ ...point, ...sent });
        }
        if (url.pathname.endsWith('/points')) return jsonResponse({ ...empty, data: [point] });
        return ['/areas', '/members'].some((end) => url.pathname.endsWith(end)) ? jsonResponse(empty) : jsonResponse(map);
      });
      renderRoutes(routes, `/worlds/${W}/maps/${M}`);
      await user.click(await screen.findByRole('button', { name: 'Edit point Harbour' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit point' });
      const editor = within(dialog).getByLabelText('Description');
      expect(within(editor).getByText('Old').tagName).toBe('STRONG');
      await user.click(within(dialog).getByRole('button', { name: 'Save point' }));
      await waitFor(() =>
        expect(sent).toMatchObject({ name: 'Harbour', description: 'Old harbour', descriptionHtml: '<p><strong>Old</strong> harbour</p>' }),
      );
    },
  );

  it("shows and edits an existing point's tags in its dialog, saved on their own", { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    signIn();
    const point = {
      ...PUBLIC_ACCESS,
      pointId: 'p1',
      mapId: M,
      name: 'Harbour',
      description: null,
      descriptionHtml: null,
      x: 120,
      y: 45,
      entity: null,
      createdAt: '',
      updatedAt: '',
    };
    const tagWrites: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === `/api/worlds/${W}/tags/map_point/p1`) {
        if (init.method === 'PUT') tagWrites.push(sentJson(init));
        return jsonResponse({ tags: init.method === 'PUT' ? ['port', 'trade'] : ['port'] });
      }
      if (url.pathname.endsWith('/points')) return jsonResponse({ ...empty, data: [point] });
      return ['/areas', '/members'].some((end) => url.pathname.endsWith(end)) ? jsonResponse(empty) : jsonResponse(map);
    });
    renderRoutes(routes, `/worlds/${W}/maps/${M}`);
    await user.click(await screen.findByRole('button', { name: 'Edit point Harbour' }));
    const tags = within(await screen.findByRole('dialog', { name: 'Edit point' })).getByRole('region', { name: 'Tags' });
    expect(await within(tags).findByText('port')).toBeInTheDocument();
    await user.click(within(tags).getByRole('button', { name: 'Edit tags' }));
    await user.clear(within(tags).getByLabelText('Tags (comma-separated)'));
    await user.type(within(tags).getByLabelText('Tags (comma-separated)'), 'port, trade');
    await user.click(within(tags).getByRole('button', { name: 'Save tags' }));
    await waitFor(() => expect(tagWrites).toEqual([{ tags: ['port', 'trade'] }]));
    expect(screen.getByRole('dialog', { name: 'Edit point' })).toBeInTheDocument();
  });
});
