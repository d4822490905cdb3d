/**
 * Shared steps of the browser journeys: one server and one browser per dialect, a fresh context per journey,
 * a screenshot when a journey fails, and the sign-up steps most journeys start with.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, saveScreenshot } from './browser.js';
import { type Dialect, type RunningServer, startServer } from './server.js';

export interface JourneyEnv {
  server: RunningServer;
  browser: Browser;
}

/** Starts a server and a browser for a describe block and stops both afterwards. @returns a getter. */
export function useJourneyEnv(dialect: Dialect): () => JourneyEnv {
  let env: JourneyEnv | undefined;
  beforeAll(async () => {
    const server = await startServer(dialect);
    env = { server, browser: await launchBrowser() };
  });
  afterAll(async () => {
    await env?.browser.close();
    await env?.server.stop();
  });
  return () => {
    if (!env) throw new Error('The journey environment did not start.');
    return env;
  };
}

/**
 * Runs a journey in a fresh browser context (its own storage), saving a screenshot under test-results/ on failure.
 * @param name used for the screenshot file name.
 */
export async function journey(env: JourneyEnv, name: string, steps: (page: Page) => Promise<void>): Promise<void> {
  const context = await newContext(env.browser, env.server.baseUrl);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    await steps(page);
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  } catch (error) {
    const file = await saveScreenshot(page, `${env.server.dialect}-${name}`);
    throw new Error(`${(error as Error).message}\n(screenshot: ${file})`, { cause: error });
  } finally {
    await context.close();
  }
}

let counter = 0;

/** A unique, readable account for one journey. */
export function newAccount(prefix = 'traveller'): { username: string; email: string; password: string } {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { username: `${prefix}_${tag}`, email: `${prefix}_${tag}@example.test`, password: 'yellow-brick-road' };
}

/** Registers through /register with a fresh invite code and waits for the signed-in home. */
export async function registerThroughUi(page: Page, env: JourneyEnv, account = newAccount()): Promise<typeof account> {
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Invite Code').fill(env.server.newInviteCode());
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText(`Signed in as: ${account.username}`).waitFor();
  return account;
}

/** Creates a world through /worlds/create and waits for its page. @returns the world's id from the URL. */
export async function createWorldThroughUi(page: Page, name: string, description = ''): Promise<string> {
  await page.goto('/worlds/create');
  await page.getByLabel('Name').fill(name);
  if (description) await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: /create|save/i }).click();
  await page.waitForURL(/\/worlds\/[0-9a-f-]{36}/);
  const id = /\/worlds\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  if (!id) throw new Error(`No world id in ${page.url()}`);
  return id;
}

/**
 * Presses a form's submit button and waits until the app has saved and left the form's URL (every form
 * navigates away on success), so a following `page.goto` cannot cancel the request in flight.
 * @param name the button's accessible name, as text or a pattern.
 */
export async function submitForm(page: Page, name: string | RegExp): Promise<void> {
  const formUrl = page.url();
  await page.getByRole('button', { name }).click();
  await page.waitForURL((url) => url.href !== formUrl);
}
