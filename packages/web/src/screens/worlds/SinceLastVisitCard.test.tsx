import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SinceLastVisit } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, requestUrl, signIn } from '../../test/render';
import { SinceLastVisitCard } from './SinceLastVisitCard';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const LION = 'cccccccc-0000-4000-8000-000000000001';
const TOTO = 'cccccccc-0000-4000-8000-000000000002';

const news: SinceLastVisit = {
  previousVisitAt: '2026-11-24T10:00:00.000Z',
  totalEntities: 2,
  groups: [
    {
      entityType: 'character',
      entities: [
        {
          entityType: 'character',
          entityId: LION,
          name: 'The Courageous Lion',
          actions: ['updated'],
          changeCount: 2,
          deleted: false,
          lastAt: '2026-11-24T11:00:00.000Z',
          lastBy: 'u1',
          lastByUsername: 'glinda',
        },
        {
          entityType: 'character',
          entityId: TOTO,
          name: 'Toto',
          actions: ['deleted'],
          changeCount: 1,
          deleted: true,
          lastAt: '2026-11-24T11:05:00.000Z',
          lastBy: 'u1',
          lastByUsername: 'glinda',
        },
      ],
    },
  ],
};

describe('SinceLastVisitCard', () => {
  it('lists what others changed, grouped and linked, then records the visit once', async () => {
    signIn();
    const fetch = mockFetch((url, init) => {
      if (url.pathname.endsWith('/since-last-visit')) return jsonResponse(news);
      if (url.pathname.endsWith('/visit') && init.method === 'POST') return jsonResponse({ visitedAt: '2026-11-24T12:00:00.000Z' });
      return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes(<SinceLastVisitCard worldId={W} />);
    const card = await screen.findByRole('region', { name: 'Since you last looked' });
    const lion = await within(card).findByRole('link', { name: 'The Courageous Lion' });
    expect(lion).toHaveAttribute('href', `/worlds/${W}/characters/${LION}`);
    expect(within(card).getByText('Toto')).not.toHaveAttribute('href');
    expect(card).toHaveTextContent('2 entries changed since');
    expect(card).toHaveTextContent('by glinda');
    const visits = fetch.mock.calls.filter(([input, init]) => requestUrl(input).endsWith('/visit') && init?.method === 'POST');
    expect(visits).toHaveLength(1);
  });
});
