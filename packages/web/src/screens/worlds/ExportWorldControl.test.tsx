import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { ExportWorldControl } from './ExportWorldControl';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';

describe('ExportWorldControl (issue 13: Export on the world page)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the three formats and downloads the chosen one with the server’s file name', async () => {
    signIn();
    const fetchMock = mockFetch(
      () =>
        new Response(new Uint8Array(2048), {
          status: 200,
          headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="eldoria.loreforge.zip"' },
        }),
    );
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderRoutes(<ExportWorldControl worldId={W} />);

    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('button', { name: /OnlyWorlds/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Markdown vault/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Loreforge bundle/ }));

    expect(await screen.findByText('Saved eldoria.loreforge.zip')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/worlds/${W}/export?format=bundle`);
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });

  it('shows the server’s message when the export is refused', async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'format must be one of: bundle.', code: 'BAD_REQUEST' }, 400));
    renderRoutes(<ExportWorldControl worldId={W} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('button', { name: /Markdown vault/ }));
    expect(await screen.findByText('format must be one of: bundle.')).toBeInTheDocument();
  });
});
