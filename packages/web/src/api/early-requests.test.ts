import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../test/render';
import { api } from './client';
import { startEarlyGet } from './early-requests';

const HEADERS = { Accept: 'application/json', Authorization: 'Bearer abc' };

describe('early requests of a first page', () => {
  it("answers the client's first request to the same URL from the request already sent, once", async () => {
    signIn(undefined, 'abc');
    let served = 0;
    const fetchMock = mockFetch(() => jsonResponse({ name: 'Oz', served: (served += 1) }));
    startEarlyGet('/api/worlds/w1', HEADERS);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await expect(api.get('/worlds/w1')).resolves.toEqual({ name: 'Oz', served: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next request goes to the network.
    await expect(api.get('/worlds/w1')).resolves.toEqual({ name: 'Oz', served: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not used for another token or another address, which go to the network', async () => {
    signIn(undefined, 'other');
    const fetchMock = mockFetch(() => jsonResponse({ name: 'Oz' }));
    startEarlyGet('/api/worlds/w2', HEADERS);
    await api.get('/worlds/w2');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    signIn(undefined, 'abc');
    startEarlyGet('/api/worlds/w3', HEADERS);
    await api.get('/worlds/w4');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("reports an early request's error answer as the client does its own", async () => {
    signIn(undefined, 'abc');
    mockFetch(() => jsonResponse({ message: 'World not found.', code: 'NOT_FOUND' }, 404));
    startEarlyGet('/api/worlds/w5', HEADERS);
    await expect(api.get('/worlds/w5')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'World not found.' });
  });
});
