import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../../test/render';
import { ItemFormScreen } from '../ItemScreens';
import { ItemQuickCreate } from './ItemQuickCreate';

const WORLD = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

function capturePosts() {
  signIn();
  const posts: Array<Record<string, unknown>> = [];
  mockFetch((_url, init) => {
    const body = sentJson(init, {}) as Record<string, unknown>;
    // The form also reads the world (to know the role); only writes count.
    if (init.method === 'POST') posts.push(body);
    return jsonResponse({ ...body, itemId: 'i1' }, 201);
  });
  return posts;
}

describe('item properties JSON (SPEC §5 Item)', () => {
  it('the quick-create sends {} for invalid properties JSON without complaint', async () => {
    const posts = capturePosts();
    let created = false;
    renderRoutes(
      <ItemQuickCreate
        worldId={WORLD}
        onCreated={() => {
          created = true;
        }}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Sword');
    fireEvent.change(screen.getByLabelText('Properties (JSON)'), { target: { value: '{ not json' } });
    await user.click(screen.getByRole('button', { name: 'Create item' }));
    await waitFor(() => expect(created).toBe(true));
    expect(posts[0]).toMatchObject({ name: 'Sword', properties: {} });
    expect(screen.queryByText('Properties field contains invalid JSON.')).toBeNull();
  });

  it('the full form refuses invalid properties JSON with the spec message', async () => {
    const posts = capturePosts();
    renderRoutes([{ path: '/worlds/:worldId/items/create', element: <ItemFormScreen /> }], `/worlds/${WORLD}/items/create`);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Sword');
    fireEvent.change(screen.getByLabelText('Properties'), { target: { value: '{ not json' } });
    await user.click(screen.getByRole('button', { name: 'Create item' }));
    expect(await screen.findByText('Properties field contains invalid JSON.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('the full form wants a name of at least 2 characters', async () => {
    capturePosts();
    renderRoutes([{ path: '/worlds/:worldId/items/create', element: <ItemFormScreen /> }], `/worlds/${WORLD}/items/create`);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'S');
    await user.click(screen.getByRole('button', { name: 'Create item' }));
    expect(await screen.findByText('Name must be at least 2 characters.')).toBeInTheDocument();
  });
});
