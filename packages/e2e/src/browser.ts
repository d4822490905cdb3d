/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), headless with a fresh profile,
 * plus helpers every journey uses: an accessibility check and a screenshot on failure.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from 'playwright-core';
import { REPO_ROOT } from './server.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches headless Chromium (playwright gives each launch a fresh temporary profile) with quiet-network flags. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/**
 * A new browser context (its own storage) with a desktop viewport. It asks for reduced motion, so the app's
 * fades are off and axe judges colours as they settle, not half-way through a transition.
 */
export function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
}

/**
 * Runs axe-core on the page and fails on serious or critical violations.
 * @returns the violations found (all impacts), for reporting.
 * @throws Error listing serious/critical violations with their targets.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (severe.length > 0) {
    const detail = severe
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join('; ')}`,
      )
      .join('\n');
    throw new Error(`Accessibility violations on ${screen}:\n${detail}`);
  }
}

/**
 * The colour of the surface a text is drawn on: the computed background of the nearest element, the text's own
 * included, that paints one (CSS `rgb(…)`/`rgba(…)`), or 'none' when nothing between it and the page does, i.e.
 * the text lies straight on the sky, whose colours change with the time of day.
 */
export async function surfaceOf(text: Locator): Promise<string> {
  return text.evaluate((element: Element) => {
    for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
      const colour = getComputedStyle(at).backgroundColor;
      if (colour !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(colour)) return colour;
    }
    return 'none';
  });
}

/** Saves a full-page screenshot under test-results/ (for a failed journey). @returns the file path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(REPO_ROOT, 'test-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  return file;
}
