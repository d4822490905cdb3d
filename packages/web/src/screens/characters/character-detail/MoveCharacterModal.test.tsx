import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { World } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../../test/render';
import { buildCharacter } from '../../../test/character-fixtures';
import { buildWorld, FIXTURE_WORLD_ID } from '../../../test/world-fixtures';
import { MoveCharacterModal, NO_OTHER_WORLD } from './MoveCharacterModal';

const OWNED = '3c2f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const EDITED = '4d2f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const PLAYED = '5e2f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';

/** Answers the worlds list with `worlds`, and a move with the character in its new world. */
function serve(worlds: World[]) {
  return mockFetch((url, init) => {
    if (url.pathname === '/api/worlds') {
      return jsonResponse({
        data: worlds,
        pagination: { currentPage: 1, totalPages: 1, totalItems: worlds.length, limit: 1000, nextCursor: null },
      });
    }
    if (init.method === 'PATCH' && typeof init.body === 'string') {
      return jsonResponse(buildCharacter({ worldId: (JSON.parse(init.body) as { worldId: string }).worldId }));
    }
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

describe('MoveCharacterModal (SPEC §7 move a character)', () => {
  it('offers the other worlds the user owns or edits, not one they only play in, and moves the character there', async () => {
    const user = userEvent.setup();
    signIn();
    const fetch = serve([
      buildWorld(),
      buildWorld({ worldId: OWNED, name: 'Frostmere' }),
      buildWorld({ worldId: EDITED, name: 'Sunspire', role: 'editor' }),
      buildWorld({ worldId: PLAYED, name: 'The Land of Oz', role: 'player' }),
    ]);
    const onMoved = vi.fn();
    renderRoutes(
      <MoveCharacterModal character={buildCharacter({ worldId: FIXTURE_WORLD_ID })} show onClose={() => undefined} onMoved={onMoved} />,
    );
    const select = await screen.findByLabelText('Destination world');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a world…', 'Frostmere', 'Sunspire']);
    await user.selectOptions(select, EDITED);
    await user.click(screen.getByRole('button', { name: /^Move/ }));
    await vi.waitFor(() => expect(onMoved).toHaveBeenCalledWith(EDITED));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true);
  });

  it('says so when no other world of the user may take the character', async () => {
    signIn();
    serve([buildWorld(), buildWorld({ worldId: PLAYED, name: 'The Land of Oz', role: 'player' })]);
    renderRoutes(
      <MoveCharacterModal
        character={buildCharacter({ worldId: FIXTURE_WORLD_ID })}
        show
        onClose={() => undefined}
        onMoved={() => undefined}
      />,
    );
    expect(await screen.findByText(NO_OTHER_WORLD)).toBeInTheDocument();
    expect(screen.queryByLabelText('Destination world')).not.toBeInTheDocument();
  });
});
