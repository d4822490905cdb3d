import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { MapImageUpload } from './MapImageUpload';

const VERSION = '2025-01-02T03:04:05.678Z';

describe('MapImageUpload', () => {
  it('replaces the image it was shown (If-Match) and shows the server message when someone replaced it first', async () => {
    signIn();
    const puts: Array<{ ifMatch: string | null; type: string | null }> = [];
    mockFetch((_url, init) => {
      const headers = new Headers(init.headers);
      puts.push({ ifMatch: headers.get('If-Match'), type: headers.get('Content-Type') });
      return jsonResponse(
        {
          message: 'Someone else changed this map image since you loaded it. Reload to see their changes, then try again.',
          code: 'CONFLICT',
        },
        409,
      );
    });
    renderRoutes(<MapImageUpload worldId="w1" mapId="m1" label="Replace map image" version={VERSION} />);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'oz.png', { type: 'image/png' });
    await userEvent.setup().upload(screen.getByLabelText('Replace map image'), file);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ ifMatch: `W/"${VERSION}"`, type: 'image/png' });
    expect(await screen.findByText(/Someone else changed this map image/)).toBeInTheDocument();
  });
});
