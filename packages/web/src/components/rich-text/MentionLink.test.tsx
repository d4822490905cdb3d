import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderRoutes, requestUrl, signIn } from '../../test/render';
import { MentionLink } from './MentionLink';

const W = 'w1';

describe('MentionLink', () => {
  it('shows a hover card with the entity’s name and description, and stays the same link while it loads', async () => {
    const user = userEvent.setup();
    signIn();
    const asked: string[] = [];
    mockFetch((input) => {
      asked.push(new URL(requestUrl(input), location.origin).pathname);
      return jsonResponse({ name: 'Dorothy', description: 'A girl from Kansas.' });
    });
    renderRoutes(
      <p>
        Follows{' '}
        <MentionLink worldId={W} type="character" id="c1" parentId={null}>
          Dorothy
        </MentionLink>
      </p>,
    );

    const link = screen.getByRole('link', { name: 'Dorothy' });
    expect(link).toHaveAttribute('href', `/worlds/${W}/characters/c1`);
    await user.hover(link);

    const card = await screen.findByRole('tooltip');
    expect(await within(card).findByText('A girl from Kansas.')).toBeVisible();
    expect(card).toHaveTextContent('Dorothy');
    expect(card).toHaveTextContent('Character');
    // The element the pointer is on was never replaced, so a click on it lands.
    expect(screen.getByRole('link', { name: 'Dorothy' })).toBe(link);
    expect(link).toHaveAttribute('aria-describedby', card.id);
    expect(asked).toEqual([`/api/worlds/${W}/characters/c1`]);

    await user.unhover(link);
    await user.click(document.body);
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });

  it('asks for nothing while no one points at it', () => {
    signIn();
    const asked: string[] = [];
    mockFetch((input) => {
      asked.push(new URL(requestUrl(input), location.origin).pathname);
      return jsonResponse({});
    });
    renderRoutes(
      <MentionLink worldId={W} type="character" id="c1" parentId={null}>
        Dorothy
      </MentionLink>,
    );
    expect(screen.getByRole('link', { name: 'Dorothy' })).toBeVisible();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
