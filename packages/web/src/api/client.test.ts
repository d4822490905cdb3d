import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../session/session-store';
import { jsonResponse, mockFetch, requestUrl, signIn } from '../test/render';
import { api, ApiError, handleError, notFoundMessage } from './client';

afterEach(() => {
  vi.useRealTimers();
});

describe('api client (SPEC §6, §7)', () => {
  it('sends the stored token as a bearer header to /api paths with the query', async () => {
    signIn(undefined, 'abc');
    const fetchMock = mockFetch(() => jsonResponse({ data: [] }));
    await api.get('/worlds', { query: { page: 2, search: '', sortBy: 'name' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(requestUrl(url)).toBe('/api/worlds?page=2&sortBy=name');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('warns only when no token is stored, not on every signed-in call', async () => {
    signIn(undefined, 'abc');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse({ data: [] }));
    await api.get('/worlds');
    await api.put('/worlds/1', { name: 'Oz' }, { version: '2026-01-01T00:00:00.000Z' });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('warns and sends no Authorization header without a token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = mockFetch(() => jsonResponse({}));
    await api.get('/worlds');
    expect(warn).toHaveBeenCalled();
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('turns an error response into an ApiError with status, code, message and fields', async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'Name is required.', code: 'VALIDATION_FAILED', fields: { name: 'Name is required.' } }, 400));
    const error = await api.post('/worlds', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Name is required.',
      fields: { name: 'Name is required.' },
    });
  });

  it('names an error whose body has no contract code by its status, so screens never branch on a code the server cannot send', async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'Bad gateway.', code: 'SOMETHING_ELSE' }, 502));
    await expect(api.get('/worlds')).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: 'Bad gateway.' });
  });

  it('clears the stored token on a 401 but keeps the user record (no redirect)', async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'Your session is invalid or has expired. Please sign in again.', code: 'UNAUTHORIZED' }, 401));
    await expect(api.get('/worlds')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('loreforge.user')).not.toBeNull();
    expect(window.location.pathname).toBe('/');
  });

  it('resolves to undefined for 204', async () => {
    signIn();
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/worlds/1')).resolves.toBeUndefined();
  });

  it('gives up after 10 seconds with a timeout error', async () => {
    vi.useFakeTimers();
    signIn();
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/worlds').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'TIMEOUT', status: 0 });
  });

  it('logs a network failure and rejects with a readable message', async () => {
    signIn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/worlds')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(error).toHaveBeenCalled();
  });
});

describe('handleError (SPEC §8)', () => {
  it('prefers the server message, then the error text, then the fallback', () => {
    expect(handleError(new ApiError(400, 'BAD_REQUEST', 'Server says no.'), 'Fallback')).toBe('Server says no.');
    expect(handleError(new Error('Broken pipe'), 'Fallback')).toBe('Broken pipe');
    expect(handleError(new ApiError(500, 'INTERNAL_ERROR', ''), 'Fallback')).toBe('Fallback');
    expect(handleError(undefined, 'Fallback')).toBe('Fallback');
  });
});

describe('notFoundMessage (SPEC §8 not-found messages)', () => {
  it("says the thing was not found for a 404, with the server's words when it gives them", () => {
    expect(notFoundMessage(new ApiError(404, 'NOT_FOUND', 'World not found.'), 'World with ID x not found.')).toBe('World not found.');
    expect(notFoundMessage(new ApiError(404, 'NOT_FOUND', ''), 'World with ID x not found.')).toBe('World with ID x not found.');
  });

  it('treats an address whose id cannot exist as not found, and nothing else', () => {
    const malformed = new ApiError(400, 'VALIDATION_FAILED', 'Must be a valid UUID.', { worldId: 'Must be a valid UUID.' });
    expect(notFoundMessage(malformed, 'World with ID nope not found.')).toBe('World with ID nope not found.');
    const badField = new ApiError(400, 'VALIDATION_FAILED', 'Name is required.', { name: 'Name is required.' });
    expect(notFoundMessage(badField, 'World not found.')).toBeUndefined();
    expect(notFoundMessage(new ApiError(500, 'INTERNAL_ERROR', 'Something broke.'), 'World not found.')).toBeUndefined();
    expect(notFoundMessage(new Error('offline'), 'World not found.')).toBeUndefined();
  });
});
