import { describe, expect, it } from 'vitest';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, newAccount, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

describe.each(DIALECTS)('signing up and worlds, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('shows the landing page to a visitor, revealing its sections on scroll or Learn More, with a navbar that hides and shows', async () => {
    await journey(env(), 'landing', async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Welcome to Loreforge', level: 1 }).waitFor();
      await page.getByText('Your world. Your rules. Your story.').waitFor();
      expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
      expect(await page.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('#features');
      // Hidden (and out of the accessibility tree) until the page scrolls past 50px.
      const content = page.getByTestId('landing-content');
      expect(await content.getAttribute('data-revealed')).toBe('false');
      expect(await page.getByRole('heading', { name: 'Craft Your Universe' }).count()).toBe(0);
      await expectAccessible(page, 'landing page');

      const navbar = page.getByRole('banner');
      const navbarTop = async () => (await navbar.boundingBox())?.y ?? Number.NaN;
      await page.mouse.wheel(0, 40);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(40);
      expect(await content.getAttribute('data-revealed')).toBe('false');
      await page.mouse.wheel(0, 30);
      await expect.poll(() => content.getAttribute('data-revealed')).toBe('true');
      for (const persona of ['Worldbuilders', 'Game Masters', 'Developers']) {
        await page.getByRole('heading', { name: persona }).waitFor();
      }
      await page.getByRole('heading', { name: 'Craft Your Universe' }).waitFor();
      await page.getByRole('heading', { name: 'Forge Unforgettable Characters' }).waitFor();
      await page.getByRole('heading', { name: 'Ready to Build Your World?' }).waitFor();
      expect(await page.getByRole('link', { name: 'Sign Up Now' }).getAttribute('href')).toBe('/register');
      await page.getByText('© 2025 Loreforge').waitFor();

      // The fixed navbar slides away while scrolling down and comes back on scrolling up.
      await page.mouse.wheel(0, 400);
      await expect.poll(navbarTop).toBeLessThan(0);
      await page.mouse.wheel(0, -100);
      await expect.poll(navbarTop).toBe(0);
      await expectAccessible(page, 'landing page, revealed');

      // Learn More reveals the sections too, on a fresh visit.
      await page.goto('/about');
      await page.getByText('This is the Loreforge web client, built with React Bootstrap and the Bootstrap CSS framework.').waitFor();
      await page.getByRole('link', { name: 'Loreforge', exact: true }).click();
      await page.getByRole('link', { name: 'Learn More' }).click();
      await expect.poll(() => content.getAttribute('data-revealed')).toBe('true');
      expect(new URL(page.url()).hash).toBe('#features');
    });
  });

  it('takes an invite request and answers with a message', async () => {
    await journey(env(), 'request-invite', async (page) => {
      await page.goto('/request-invite');
      await page.getByLabel('Name').fill('Ozma of Oz');
      await page.getByLabel('Email').fill('ozma@example.test');
      await page.getByRole('button', { name: /request/i }).click();
      await page.getByText(/received/i).waitFor();
      await expectAccessible(page, 'request invite');
    });
  });

  it('refuses mismatched passwords and a wrong invite code, then registers with a good one', async () => {
    await journey(env(), 'register', async (page) => {
      const account = newAccount('dorothy');
      await page.goto('/register');
      await page.getByLabel('Username').fill(account.username);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Invite Code').fill('LF-NOPE-NOPE-NOPE');
      await page.getByLabel(/^Password/).fill(account.password);
      await page.getByLabel('Confirm Password').fill('something-else');
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText('Passwords do not match').waitFor();
      await expectAccessible(page, 'register with errors');

      await page.getByLabel('Confirm Password').fill(account.password);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText('This invite code is not valid or has already been used.').first().waitFor();

      await page.getByLabel('Invite Code').fill(env().server.newInviteCode());
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText(`Signed in as: ${account.username}`).waitFor();
      await page.getByText("You haven't created any worlds yet. Let's build one!").waitFor();
      await expectAccessible(page, 'empty home');
    });
  });

  it('creates a world that appears on the home page, signs out, and returns to the page it came from', async () => {
    await journey(env(), 'world-and-session', async (page) => {
      const account = await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'The Land of Oz', 'A magical country');
      await page.getByText('The Land of Oz').first().waitFor();
      await expectAccessible(page, 'world page');

      await page.goto('/');
      await page.getByText('The Land of Oz').first().waitFor();
      await expectAccessible(page, 'home with worlds');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/login/);
      await page.goto(`/worlds/${worldId}`);
      await page.waitForURL(/\/login/);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel(/^Password/).fill(account.password);
      await page.getByRole('button', { name: /sign in|log in|login/i }).click();
      await page.waitForURL(new RegExp(`/worlds/${worldId}`));
      await page.getByText('The Land of Oz').first().waitFor();
    });
  });

  it('quick-creates a world from the home page, edits it, quick-creates a character on it, and deletes it with confirmation', async () => {
    await journey(env(), 'world-edit-delete', async (page) => {
      await registerThroughUi(page, env());
      await page.getByText("You haven't created any worlds yet. Let's build one!").waitFor();

      // The floating add button opens the quick-create popover (at least 400px wide).
      await page.getByRole('button', { name: 'Add world' }).click();
      const popover = page.getByRole('tooltip');
      await popover.getByRole('heading', { name: 'Quick create world' }).waitFor();
      expect((await popover.boundingBox())?.width).toBeGreaterThanOrEqual(400);
      await popover.getByRole('button', { name: 'Create world' }).click();
      await popover.getByText('Name is required.').waitFor();
      await popover.getByLabel(/^Name/).fill('The Quadling Country');
      await popover.getByRole('button', { name: 'Create world' }).click();
      await page.getByRole('status').getByText('Created world "The Quadling Country".').waitFor();
      await popover.waitFor({ state: 'hidden' });
      const card = page.getByRole('heading', { name: 'The Quadling Country', level: 2 });
      await card.waitFor();
      expect(await page.getByRole('list', { name: 'Contents' }).getByRole('listitem').allInnerTexts()).toEqual([
        '0 Characters',
        '0 Timelines',
        '0 Maps',
      ]);
      await expectAccessible(page, 'home with a quick-created world');

      // Edit it.
      await card.getByRole('link').click();
      await page.waitForURL(/\/worlds\/[0-9a-f-]{36}$/);
      await page.getByRole('link', { name: 'Edit World' }).click();
      await page.getByRole('heading', { name: 'Edit World' }).waitFor();
      await page.getByLabel(/^Name/).fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Name is required.').waitFor();
      await page.getByLabel(/^Name/).fill("Glinda's Country");
      await page.getByLabel('Description').fill('Red, and ruled by a good witch.');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('heading', { name: "Glinda's Country", level: 1 }).waitFor();
      await page.getByText('Red, and ruled by a good witch.').waitFor();
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText("Glinda's Country").waitFor();

      // A character from its count card's quick create.
      await page.getByRole('button', { name: '+ New character' }).click();
      const quick = page.getByRole('tooltip');
      await quick.getByLabel(/^Name/).fill('Glinda');
      await quick.getByRole('button', { name: 'Create character' }).click();
      await page.getByRole('status').getByText('Created character "Glinda".').waitFor();
      await page.getByRole('button', { name: '1 Character : show help' }).waitFor();
      await expectAccessible(page, 'world details after a quick create');

      // Delete it: the question warns it cannot be undone; Cancel keeps it, Delete removes it.
      await page.getByRole('button', { name: 'Delete World' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete world?' });
      await dialog.getByText('This action is irreversible: it cannot be undone.').waitFor();
      await dialog.getByText("Glinda's Country").waitFor();
      await expectAccessible(page, 'delete world question');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Delete World' }).click();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText("You haven't created any worlds yet. Let's build one!").waitFor();
      expect(await page.getByText("Glinda's Country").count()).toBe(0);
    });
  });

  it("keeps one user's world out of another user's sight", async () => {
    await journey(env(), 'isolation', async (page) => {
      await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'Secret Kingdom of the First');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/login/);

      await registerThroughUi(page, env());
      await page.getByText("You haven't created any worlds yet. Let's build one!").waitFor();
      expect(await page.getByText('Secret Kingdom of the First').count()).toBe(0);
      await page.goto(`/worlds/${worldId}`);
      await page
        .getByText(/not found/i)
        .first()
        .waitFor();
      expect(await page.getByText('Secret Kingdom of the First').count()).toBe(0);
    });
  });
});
