import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { itemPageRoutes } from '../../routes/item-routes';
import { buildCrumbs } from './breadcrumb-trail';
import { Breadcrumbs } from './Breadcrumbs';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const C = '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f';

function trail() {
  return within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
}

describe('buildCrumbs', () => {
  it("names each opened branch after the timeline it was opened from, linking each level's own address", () => {
    const steps = buildCrumbs(`/worlds/${W}/timelines/t1`, '?branch=b1%2Cb2');
    expect(steps.map((s) => [s.label, s.entityId])).toEqual([
      ['World', W],
      ['Timelines', undefined],
      ['Timeline', 't1'],
      ['Timeline', 'b1'],
      ['Timeline', 'b2'],
    ]);
    expect(steps[3]?.path).toBe(`/worlds/${W}/timelines/t1?branch=b1`);
    expect(buildCrumbs(`/worlds/${W}/timelines/t1/edit`, '?branch=b1').map((s) => s.label)).toEqual([
      'World',
      'Timelines',
      'Timeline',
      'Edit',
    ]);
  });

  it('labels fixed words and marks ids for lookup', () => {
    const steps = buildCrumbs(`/worlds/${W}/characters/${C}/edit`);
    expect(steps.map((s) => s.label)).toEqual(['World', 'Characters', 'Character', 'Edit']);
    expect(steps[0]?.path).toBe(`/worlds/${W}`);
    expect(steps[2]?.entityId).toBe(C);
  });

  it('reads an id under an item as an inventory item and under relationships as a relationship', () => {
    expect(buildCrumbs(`/worlds/${W}/items/i1/inst1`).map((s) => s.label)).toEqual(['World', 'Items', 'Item', 'Inventory Item']);
    expect(buildCrumbs(`/worlds/${W}/characters/${C}/relationships/r1/edit`).map((s) => s.label)).toEqual([
      'World',
      'Characters',
      'Character',
      'Relationships',
      'Relationship',
      'Edit',
    ]);
  });

  it("reads each of an item's own pages (History, Item Instances, …) as a page, not as an instance id", () => {
    const words = itemPageRoutes
      .map((route) => route.path)
      .filter((path): path is string => typeof path === 'string' && !path.includes(':') && path !== '*');
    expect(words).toContain('history');
    for (const word of words) {
      const last = buildCrumbs(`/worlds/${W}/items/i1/${word}`).at(-1);
      expect(last?.entityId, word).toBeUndefined();
      expect(last?.label, word).not.toBe('Inventory Item');
    }
    expect(buildCrumbs(`/worlds/${W}/items/i1/history`).map((s) => s.label)).toEqual(['World', 'Items', 'Item', 'History']);
  });

  it('links only the steps that have a page: not an event, an inventory entry, a quest outside a world or world goals', () => {
    const linked = (path: string) => buildCrumbs(path).map((s) => `${s.label}${s.linked ? '' : ' (text)'}`);
    expect(linked(`/worlds/${W}/events/e1/edit`)).toEqual(['World', 'Events', 'Event (text)', 'Edit']);
    expect(linked(`/worlds/${W}/characters/${C}/inventory/i1/edit`)).toEqual([
      'World',
      'Characters',
      'Character',
      'Inventory',
      'Inventory Item (text)',
      'Edit',
    ]);
    expect(linked('/quests/q1/edit')).toEqual(['Quests', 'Quest (text)', 'Edit']);
    expect(linked(`/worlds/${W}/quests/q1/edit`)).toEqual(['World', 'Quests', 'Quest', 'Edit']);
    expect(linked(`/worlds/${W}/goals/g1`)).toEqual(['World', 'Goals (text)', 'Goal']);
    expect(linked(`/worlds/${W}/characters/${C}/goals/g1/edit`)).toEqual(['World', 'Characters', 'Character', 'Goals', 'Goal', 'Edit']);
  });
});

describe('Breadcrumbs (SPEC §2 Header)', () => {
  it('shows a step without a page as text, between links', async () => {
    signIn();
    mockFetch((url) => {
      if (url.pathname === `/api/worlds/${W}`) return jsonResponse({ worldId: W, name: 'Eldoria' });
      if (url.pathname === `/api/worlds/${W}/events/e1`) return jsonResponse({ eventId: 'e1', name: 'The Sundering' });
      return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes(<Breadcrumbs />, `/worlds/${W}/events/e1/edit`);
    expect(await trail().findByText('The Sundering')).toBeInTheDocument();
    expect(trail().queryByRole('link', { name: 'The Sundering' })).not.toBeInTheDocument();
    expect(trail().getByRole('link', { name: 'Events' })).toHaveAttribute('href', `/worlds/${W}/events`);
  });

  it('shows fetched names and the entity id at the right', async () => {
    signIn();
    mockFetch((url) => {
      if (url.pathname === `/api/worlds/${W}`) return jsonResponse({ worldId: W, name: 'Eldoria' });
      if (url.pathname === `/api/worlds/${W}/characters/${C}`) return jsonResponse({ characterId: C, name: 'Captain Vale' });
      return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes(<Breadcrumbs />, `/worlds/${W}/characters/${C}/edit`);
    expect(await trail().findByRole('link', { name: 'Eldoria' })).toHaveAttribute('href', `/worlds/${W}`);
    expect(await trail().findByRole('link', { name: 'Captain Vale' })).toBeInTheDocument();
    expect(trail().getByText(C)).toBeInTheDocument();
  });

  it("names a calendar's step after the calendar and shows the calendar's id, not the world's", async () => {
    const K = '4d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a';
    signIn();
    mockFetch((url) => {
      if (url.pathname === `/api/worlds/${W}`) return jsonResponse({ worldId: W, name: 'Eldoria' });
      if (url.pathname === `/api/worlds/${W}/calendars/${K}`) return jsonResponse({ calendarId: K, name: 'The Ozian Reckoning' });
      return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes(<Breadcrumbs />, `/worlds/${W}/calendars/${K}/edit`);
    expect(await trail().findByRole('link', { name: 'The Ozian Reckoning' })).toHaveAttribute('href', `/worlds/${W}/calendars/${K}`);
    expect(trail().getByRole('link', { name: 'Calendars' })).toHaveAttribute('href', `/worlds/${W}/calendars`);
    expect(trail().getByText(K)).toBeInTheDocument();
    expect(trail().queryByText(W)).not.toBeInTheDocument();
  });

  it('falls back to World, Character, Map, Item, Inventory Item and Relationship when lookups fail', async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'Something went wrong on our side.', code: 'INTERNAL_ERROR' }, 500));
    const { unmount } = renderRoutes(<Breadcrumbs />, `/worlds/${W}/characters/${C}/relationships/r1`);
    expect(await trail().findByRole('link', { name: 'World' })).toBeInTheDocument();
    expect(await trail().findByRole('link', { name: 'Character' })).toBeInTheDocument();
    expect(await trail().findByText('Relationship')).toBeInTheDocument();
    unmount();

    renderRoutes(<Breadcrumbs />, `/worlds/${W}/maps/m1`);
    expect(await trail().findByText('Map')).toBeInTheDocument();
  });

  it('falls back to Item and Inventory Item', async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404));
    renderRoutes(<Breadcrumbs />, `/worlds/${W}/items/i1/inst1/edit`);
    expect(await trail().findByRole('link', { name: 'Item' })).toBeInTheDocument();
    expect(await trail().findByRole('link', { name: 'Inventory Item' })).toBeInTheDocument();
  });

  it('falls back to Inventory Item for a character inventory entry', async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404));
    renderRoutes(<Breadcrumbs />, `/worlds/${W}/characters/${C}/inventory/e1/edit`);
    expect(await trail().findByText('Inventory Item')).toBeInTheDocument();
  });
});
