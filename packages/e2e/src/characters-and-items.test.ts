import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, registerThroughUi, submitForm, useJourneyEnv } from './journey.js';
import { DIALECTS } from './server.js';

/** Creates a character through the full form, with optional plain attributes; waits for its page. @returns its path. */
async function createCharacter(page: Page, worldId: string, name: string, attributes: Record<string, string> = {}): Promise<string> {
  await page.goto(`/worlds/${worldId}/characters/create`);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Description/).fill(`${name} of Kansas`);
  for (const [key, value] of Object.entries(attributes)) {
    await page.getByRole('textbox', { name: 'Attributes New variable name' }).fill(key);
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill(value);
    await page.getByRole('button', { name: 'Add variable' }).click();
  }
  await page.getByRole('button', { name: 'Create character' }).click();
  await page.waitForURL(/\/characters\/[0-9a-f-]{36}(\/details)?$/);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return new URL(page.url()).pathname.replace(/\/details$/, '');
}

/** Asserts the count on one of the world's Details cards. */
async function expectCount(page: Page, worldId: string, count: number, type: string): Promise<void> {
  await page.goto(`/worlds/${worldId}`);
  // The card says '1 Item' but '2 Items' (and '0 Items').
  const label = count === 1 ? type.replace(/s$/, '') : type;
  await page.getByRole('button', { name: `${count} ${label} : show help` }).waitFor();
}

/** Clicks a row's Delete, checks the dialog warns it is irreversible, and confirms. */
async function confirmDelete(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('This action is irreversible: it cannot be undone.').waitFor();
  await dialog.getByText(name).first().waitFor();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.each(DIALECTS)('characters, goals, relationships, items and inventory, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('creates, views, edits and deletes a character with attributes, a goal and a relationship', async () => {
    await journey(env(), 'character-crud', async (page) => {
      await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'The Prairie');
      await expectCount(page, worldId, 0, 'Characters');

      const dorothy = await createCharacter(page, worldId, 'Dorothy', { species: 'Human', age: '12' });
      await page.getByRole('row', { name: 'species Human' }).waitFor();
      await page.getByRole('row', { name: 'age 12' }).waitFor();
      await page.getByText('Dorothy of Kansas').waitFor();
      await expectAccessible(page, 'character details');
      await createCharacter(page, worldId, 'Toto');
      await expectCount(page, worldId, 2, 'Characters');

      // Edit.
      await page.goto(`${dorothy}/edit`);
      await page.getByLabel(/^Description/).fill('A girl from a grey farm');
      await page.getByRole('button', { name: /^(Save|Update)/ }).click();
      await page.waitForURL(new RegExp(`${dorothy}(/details)?$`));
      await page.getByText('A girl from a grey farm').waitFor();

      // A goal.
      await page.getByRole('link', { name: 'Goals', exact: true }).click();
      await page.getByText('No goals found.').waitFor();
      await page.goto(`${dorothy}/goals/create`);
      await page.getByLabel(/^Title/).fill('Return to Kansas');
      await page.getByLabel(/^Description/).fill('Find the way home');
      await page.getByRole('button', { name: 'Create goal' }).click();
      // The new goal's own view, with its status badge.
      await page.getByRole('heading', { name: /^Return to Kansas\s*Pending$/ }).waitFor();
      await page.getByText('Find the way home').waitFor();
      await page.goto(`${dorothy}/goals`);
      await page.getByRole('row', { name: /^Return to Kansas Primary Pending/ }).waitFor();
      await expectAccessible(page, 'goals tab');
      await page.getByRole('link', { name: 'Edit Return to Kansas' }).click();
      await page.getByLabel(/^Status/).selectOption({ label: 'In Progress' });
      await submitForm(page, /^(Save|Update)/);
      await page.goto(`${dorothy}/goals`);
      await page.getByRole('row', { name: /^Return to Kansas Primary In ?Progress/ }).waitFor();
      await confirmDelete(page, 'Return to Kansas');
      await page.getByText('No goals found.').waitFor();

      // A relationship, choosing the other character in the picker (which hides Dorothy herself).
      await page.goto(`${dorothy}/relationships/create`);
      const picker = page.getByLabel(/^Related Character/);
      await picker.locator('option', { hasText: 'Toto' }).waitFor({ state: 'attached' });
      expect(await picker.locator('option').allInnerTexts()).toEqual(['Choose a character…', 'Toto']);
      await picker.selectOption({ label: 'Toto' });
      await page.getByLabel(/^Relationship Type/).selectOption({ label: 'Like family' });
      await page.getByLabel(/^Affinity/).fill('90');
      await expectAccessible(page, 'relationship form');
      await submitForm(page, 'Create relationship');
      await page.goto(`${dorothy}/relationships`);
      await page.getByRole('row', { name: /^Toto Like family 90 0/ }).waitFor();
      await expectAccessible(page, 'relationships tab');
      await page.getByRole('link', { name: 'Edit Toto' }).click();
      await page.getByLabel(/^Trust Level/).fill('100');
      await submitForm(page, /^(Save|Update)/);
      await page.goto(`${dorothy}/relationships`);
      await page.getByRole('row', { name: /^Toto Like family 90 100/ }).waitFor();
      await confirmDelete(page, 'Toto');
      await page.getByText('No relationships found.').waitFor();

      // Delete the character from the list.
      await page.goto(`/worlds/${worldId}/characters`);
      await confirmDelete(page, 'Dorothy');
      await page.getByText('1 character · page 1 of 1').waitFor();
      expect(await page.getByRole('link', { name: 'Dorothy', exact: true }).count()).toBe(0);
      await expectCount(page, worldId, 1, 'Characters');
    });
  });

  it('creates an item, puts it in an inventory, gives an instance to a character, edits and deletes them', async () => {
    await journey(env(), 'item-inventory-crud', async (page) => {
      await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'The Road');
      const dorothy = await createCharacter(page, worldId, 'Dorothy');
      await createCharacter(page, worldId, 'The Scarecrow');

      await page.goto(`/worlds/${worldId}/items/create`);
      await page.getByLabel(/^Name/).fill('Basket');
      await page.getByLabel(/^Description/).fill('Wicker, with a lid');
      await page.getByLabel(/^Properties/).fill('{ "material": "wicker" }');
      await page.getByRole('button', { name: 'Create item' }).click();
      await page.waitForURL(/\/items\/[0-9a-f-]{36}/);
      await page.getByRole('heading', { name: 'Basket', level: 1 }).waitFor();
      await page.getByRole('row', { name: 'material wicker' }).waitFor();
      await expectAccessible(page, 'item details');
      const item = new URL(page.url()).pathname.replace(/\/(details)?$/, '');
      await expectCount(page, worldId, 1, 'Items');

      // Edit the item.
      await page.goto(`${item}/edit`);
      await page.getByLabel(/^Name/).fill('Picnic Basket');
      await page.getByRole('button', { name: /^(Save|Update)/ }).click();
      await page.getByRole('heading', { name: 'Picnic Basket', level: 1 }).waitFor();

      // Into Dorothy's inventory, then edited.
      await page.goto(`${dorothy}/inventory`);
      await page.getByText('No items in inventory.').or(page.getByText('No inventory items found.')).first().waitFor();
      await page.goto(`${dorothy}/inventory/create`);
      await page.getByLabel(/^Item/).selectOption({ label: 'Picnic Basket' });
      await page.getByLabel(/^Quantity/).fill('2');
      await submitForm(page, 'Add to inventory');
      await page.goto(`${dorothy}/inventory`);
      await page.getByRole('row', { name: /^Picnic Basket 2 No/ }).waitFor();
      await expectAccessible(page, 'inventory tab');
      await page.getByRole('link', { name: 'Edit Picnic Basket' }).click();
      await page.getByLabel(/^Quantity/).fill('3');
      await page.getByRole('checkbox', { name: 'Equipped' }).check();
      await submitForm(page, /^(Save|Update)/);
      await page.goto(`${dorothy}/inventory`);
      await page.getByRole('row', { name: /^Picnic Basket 3 Equipped/ }).waitFor();

      // Give an instance to the Scarecrow from the item's page.
      await page.goto(`${item}/create`);
      await page.getByLabel(/^Character/).selectOption({ label: 'The Scarecrow' });
      await submitForm(page, 'Give item');
      await page.goto(`${item}/instances`);
      await page.getByRole('row', { name: /^The Scarecrow 1 No/ }).waitFor();
      await page.getByRole('row', { name: /^Dorothy 3 Equipped/ }).waitFor();
      await expectAccessible(page, 'item instances');

      // Delete the inventory entry, then the item.
      await page.goto(`${dorothy}/inventory`);
      await confirmDelete(page, 'Picnic Basket');
      await page.getByText('No items in inventory.').or(page.getByText('No inventory items found.')).first().waitFor();
      await page.goto(`/worlds/${worldId}/items`);
      await confirmDelete(page, 'Picnic Basket');
      await page.getByText('No items found.').waitFor();
      await expectCount(page, worldId, 0, 'Items');
    });
  });
});
