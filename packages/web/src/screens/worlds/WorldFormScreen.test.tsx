import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { WorldRole } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { FIXTURE_WORLD_ID as W, buildWorld } from '../../test/world-fixtures';
import { WorldFormScreen } from './WorldFormScreen';

/** The world's edit page, with the signed-in user holding `role` in it. */
function openEdit(role: WorldRole) {
  signIn();
  mockFetch((url) => {
    if (url.pathname === `/api/worlds/${W}`) return jsonResponse(buildWorld({ name: 'The Land of Oz', role }));
    return jsonResponse({ message: 'Not found.', code: 'NOT_FOUND' }, 404);
  });
  renderRoutes([{ path: '/worlds/:id/edit', element: <WorldFormScreen /> }], `/worlds/${W}/edit`);
}

describe('WorldFormScreen (SPEC §2, issue 11)', () => {
  it('gives an editor the world to edit', async () => {
    openEdit('editor');
    expect(await screen.findByDisplayValue('The Land of Oz')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it("gives a player the server's refusal and the way back to the world, not the form", async () => {
    openEdit('player');
    expect(await screen.findByText(/Your role in this world does not allow this\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', `/worlds/${W}`);
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
