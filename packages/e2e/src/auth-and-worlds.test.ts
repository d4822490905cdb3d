import { describe, expect, it } from 'vitest';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, newAccount, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

describe.each(DIALECTS)('signing up and worlds, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('shows the landing page to a visitor, revealing its sections on Learn More', async () => {
    await journey(env(), 'landing', async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Welcome to Loreforge' })).toBeDefined();
      await page.getByText('Your world. Your rules. Your story.').waitFor();
      await page.getByRole('link', { name: 'Learn More' }).click();
      await page.getByRole('heading', { name: 'Craft Your Universe' }).waitFor();
      await page.getByRole('heading', { name: 'Ready to Build Your World?' }).waitFor();
      await page.getByText(/2025/).first().waitFor();
      await expectAccessible(page, 'landing page');
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
      await page.getByText(/not found/i).first().waitFor();
      expect(await page.getByText('Secret Kingdom of the First').count()).toBe(0);
    });
  });
});
