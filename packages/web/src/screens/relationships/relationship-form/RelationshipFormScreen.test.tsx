import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Character } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../../test/render';
import { RelationshipFormScreen } from './RelationshipFormScreen';

const WORLD = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const ARIA = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const BORIN = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const aria = { characterId: ARIA, name: 'Aria' } as Character;
const list = (data: unknown[]) => ({
  data,
  pagination: { currentPage: 1, totalPages: 1, totalItems: data.length, limit: 1000, nextCursor: null },
});

function setup() {
  signIn();
  const posts: Array<Record<string, unknown>> = [];
  mockFetch((url, init) => {
    if (init.method === 'POST') {
      const body = sentJson(init) as Record<string, unknown>;
      posts.push(body);
      return jsonResponse({ ...body, relationshipId: 'r1' }, 201);
    }
    if (url.pathname.endsWith('/characters')) return jsonResponse(list([aria, { characterId: BORIN, name: 'Borin' }]));
    return jsonResponse({ message: 'Not found.', code: 'NOT_FOUND' }, 404);
  });
  const base = `/worlds/${WORLD}/characters/${ARIA}/relationships`;
  renderRoutes(
    [
      { path: `${base}/create`, element: <RelationshipFormScreen worldId={WORLD} character={aria} /> },
      { path: `${base}/:relationshipId`, element: <p>Relationship page</p> },
    ],
    `${base}/create`,
  );
  return { posts, user: userEvent.setup() };
}

describe('RelationshipFormScreen (SPEC §5 Relationship)', () => {
  it('requires a related character and never offers the character itself', async () => {
    const { user, posts } = setup();
    expect(await screen.findByRole('option', { name: 'Borin' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Aria' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create relationship' }));
    expect(await screen.findByText('Related Character is required.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  }, 20_000);

  it('starts as a Stranger at 0 and sends the slider values as numbers', async () => {
    const { user, posts } = setup();
    await user.selectOptions(await screen.findByLabelText(/^Related Character/), BORIN);
    expect(screen.getByLabelText(/^Relationship Type/)).toHaveValue('Stranger');
    const affinity = screen.getByLabelText('Affinity');
    expect(affinity).toHaveAttribute('min', '-100');
    expect(affinity).toHaveAttribute('max', '100');
    fireEvent.change(affinity, { target: { value: '-40' } });
    expect(screen.getByText('-40')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create relationship' }));
    expect(await screen.findByText('Relationship page')).toBeInTheDocument();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      targetCharacterId: BORIN,
      relationshipType: 'Stranger',
      affinity: -40,
      powerBalance: 0,
      trustLevel: 0,
      communicationStyle: null,
      description: null,
    });
  });

  it("shows readable relationship types and styles but stores the spec's values ('Acquaintance' saves 'acquaintence')", async () => {
    const { user, posts } = setup();
    await user.selectOptions(await screen.findByLabelText(/^Related Character/), BORIN);
    expect(screen.getByRole('option', { name: 'Extended family' })).toHaveValue('extended_family');
    expect(screen.queryByRole('option', { name: 'extended_family' })).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Relationship Type/), 'Acquaintance');
    await user.selectOptions(screen.getByLabelText(/^Communication Style/), 'Functional');
    await user.click(screen.getByRole('button', { name: 'Create relationship' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ relationshipType: 'acquaintence', communicationStyle: 'functional' });
  });
});
