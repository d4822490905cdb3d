import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { World } from '@loreforge/contract';
import { worldTabRoutes } from '../../routes/world-routes';
import { jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../test/render';
import { WorldsHome } from '../home/WorldsHome';
import { WorldScreen } from './WorldScreen';
import { FIXTURE_WORLD_ID, buildWorld } from '../../test/world-fixtures';

const W = FIXTURE_WORLD_ID;

const page = (data: World[]) => ({
  data,
  pagination: { currentPage: 1, totalPages: data.length ? 1 : 0, totalItems: data.length, limit: 12, nextCursor: null },
});

describe('WorldsHome (SPEC §1, §2 home when signed in)', () => {
  it('shows each world with its character, timeline and map counts, singular for one', async () => {
    signIn();
    mockFetch(() => jsonResponse(page([buildWorld()])));
    renderRoutes(<WorldsHome />);
    expect(await screen.findByRole('link', { name: 'Eldoria' })).toHaveAttribute('href', `/worlds/${W}`);
    const counts = screen.getByRole('list', { name: 'Contents' });
    expect(counts).toHaveTextContent('4 Characters');
    expect(counts).toHaveTextContent('2 Timelines');
    expect(counts).toHaveTextContent('1 Map');
    expect(counts).not.toHaveTextContent('1 Maps');
  });

  it('invites the user to build a first world when there are none', async () => {
    signIn();
    mockFetch(() => jsonResponse(page([])));
    renderRoutes(<WorldsHome />);
    expect(await screen.findByText("You haven't created any worlds yet. Let's build one!")).toBeInTheDocument();
  });

  it('says the worlds could not be fetched when the failure has no message', async () => {
    signIn();
    mockFetch(() => new Response('', { status: 502 }));
    renderRoutes(<WorldsHome />);
    expect(await screen.findByText('Failed to fetch worlds. Please try again later.')).toBeInTheDocument();
  });

  it("shows a 'Deletion Failed' dialog with the server's message when a delete fails", async () => {
    const user = userEvent.setup();
    signIn();
    mockFetch((_url, init) =>
      init.method === 'DELETE'
        ? jsonResponse({ message: 'The world could not be deleted right now.', code: 'CONFLICT' }, 409)
        : jsonResponse(page([buildWorld()])),
    );
    renderRoutes(<WorldsHome />);
    await user.click(await screen.findByRole('button', { name: 'Delete Eldoria' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deletion Failed' });
    expect(dialog).toHaveTextContent('The world could not be deleted right now.');
  });
});

describe('the world quick-create on the home page (SPEC §1, §8, §9)', () => {
  it('opens a popover at least 400px wide from the floating add button and adds the world to the list', async () => {
    const user = userEvent.setup();
    signIn();
    const worlds: World[] = [];
    let posted: unknown;
    mockFetch((_url, init) => {
      if (init.method === 'POST') {
        posted = sentJson(init);
        worlds.push(buildWorld({ name: 'Frostmere', description: null }));
        return jsonResponse(worlds[0], 201);
      }
      return jsonResponse(page(worlds));
    });
    renderRoutes(<WorldsHome />);
    await screen.findByText("You haven't created any worlds yet. Let's build one!");
    await user.click(screen.getByRole('button', { name: 'Add world' }));
    const popover = await screen.findByRole('tooltip');
    expect(popover).toHaveStyle({ minWidth: '400px' });
    // The form loads when the popover first opens.
    await user.click(await within(popover).findByRole('button', { name: 'Create world' }, { timeout: 5000 }));
    expect(await within(popover).findByText('Name is required.')).toBeInTheDocument();
    await user.type(within(popover).getByLabelText(/Name/), 'Frostmere');
    await user.click(within(popover).getByRole('button', { name: 'Create world' }));
    expect(await screen.findByRole('link', { name: 'Frostmere' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Created world "Frostmere".');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(posted).toEqual({ name: 'Frostmere', description: null });
  });

  it("says 'Something went wrong' when creating fails without a message", async () => {
    const user = userEvent.setup();
    signIn();
    mockFetch((_url, init) => (init.method === 'POST' ? new Response('', { status: 500 }) : jsonResponse(page([]))));
    renderRoutes(<WorldsHome />);
    await user.click(await screen.findByRole('button', { name: 'Add world' }));
    const popover = await screen.findByRole('tooltip');
    await user.type(await within(popover).findByLabelText(/Name/, undefined, { timeout: 5000 }), 'Frostmere');
    await user.click(within(popover).getByRole('button', { name: 'Create world' }));
    expect(await within(popover).findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('WorldScreen (SPEC §2 world tabs and Details)', () => {
  const routes = [{ path: '/worlds/:worldId', element: <WorldScreen />, children: worldTabRoutes }];

  it('shows the tabs and the Details count cards by default; a card shows its help tabs', async () => {
    const user = userEvent.setup();
    signIn();
    mockFetch(() => jsonResponse(buildWorld()));
    renderRoutes(routes, `/worlds/${W}`);
    const tabs = await screen.findByRole('navigation', { name: 'World sections' });
    for (const name of ['Details', 'Items', 'Timelines', 'Events', 'Characters', 'Maps']) {
      expect(within(tabs).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(tabs).getByRole('link', { name: 'Details' })).toHaveClass('active');

    const eventsCard = await screen.findByRole('button', { name: /7\s*Events/ });
    expect(screen.getByRole('button', { name: /^1\s*Map\s*: show help$/ })).toBeInTheDocument();
    for (const type of ['character', 'timeline', 'map', 'event', 'item']) {
      expect(screen.getByRole('button', { name: `+ New ${type}` })).toBeInTheDocument();
    }
    await user.click(eventsCard);
    expect(screen.getByRole('heading', { name: 'About Events' })).toBeInTheDocument();
    for (const name of ['Information', 'Usage', 'Interactions', 'Creating']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('tab', { name: 'Creating' }));
    expect(screen.getByText(/Create a timeline first/)).toBeVisible();
  });

  it("shows the server's not-found message for an unknown world", async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'World not found.', code: 'NOT_FOUND' }, 404));
    renderRoutes(routes, `/worlds/${W}`);
    expect(await screen.findByText('World not found.')).toBeInTheDocument();
  });
});
