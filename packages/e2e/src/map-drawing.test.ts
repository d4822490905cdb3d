import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './browser.js';
import { createWorldThroughUi, journey, registerThroughUi, useJourneyEnv } from './journey.js';
import { DIALECTS, REPO_ROOT } from './server.js';

const MAP_IMAGE = path.join(REPO_ROOT, 'packages/demo/content/oz-map.png');

describe.each(DIALECTS)('drawing on a map, in Chromium on %s', (dialect) => {
  const env = useJourneyEnv(dialect);

  it('uploads an image, places a point and draws an area on it, keeps them after a reload, and moves the area by its handle', async () => {
    await journey(env(), 'map-drawing', async (page) => {
      await registerThroughUi(page, env());
      const worldId = await createWorldThroughUi(page, 'Oz Surveyed');

      await page.goto(`/worlds/${worldId}/maps/create`);
      await page.getByLabel(/^Name/).fill('The Survey of Oz');
      await page.getByLabel(/^Description/).fill('Drawn from the road.');
      await page.getByRole('button', { name: 'Create map' }).click();
      await page.waitForURL(/\/maps\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'The Survey of Oz', level: 1 }).waitFor();
      await expectAccessible(page, 'map without an image');

      await page.getByLabel('Upload map image').setInputFiles(MAP_IMAGE);
      const canvas = page.getByRole('region', { name: 'Map of The Survey of Oz' });
      await canvas.locator('img.leaflet-image-layer').waitFor();
      await page.getByText('No points yet.').waitFor();
      await page.getByText('No areas yet.').waitFor();
      const box = await canvas.boundingBox();
      if (!box) throw new Error('The map canvas has no size.');
      const at = (dx: number, dy: number) => ({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });

      // A point: click the map, name it in the dialog.
      await page.getByRole('button', { name: 'Place point on map' }).click();
      await page.getByText('Click the map where the new point belongs.').waitFor();
      await canvas.click(at(-120, -60));
      const pointDialog = page.getByRole('dialog', { name: 'Add point' });
      await pointDialog.getByLabel(/^Name/).fill('The Emerald Gate');
      expect(Number(await pointDialog.getByLabel(/^X/).inputValue())).toBeGreaterThan(0);
      expect(Number(await pointDialog.getByLabel(/^Y/).inputValue())).toBeGreaterThan(0);
      await pointDialog.getByRole('button', { name: 'Add point' }).click();
      await pointDialog.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { name: 'Points (1)' }).waitFor();
      await canvas.getByRole('button', { name: 'The Emerald Gate' }).waitFor();

      // An area: three clicks, Finish area, name it.
      await page.getByRole('button', { name: 'Draw area' }).click();
      await canvas.click(at(60, 40));
      await canvas.click(at(180, 40));
      await canvas.click(at(120, 140));
      await page.getByRole('button', { name: 'Finish area' }).click();
      const areaDialog = page.getByRole('dialog', { name: 'Add area' });
      await areaDialog.getByLabel(/^Name/).fill('The Poppy Field');
      expect(await areaDialog.getByLabel(/^Vertex \d X$/).count()).toBe(3);
      await areaDialog.getByRole('button', { name: 'Add area' }).click();
      await areaDialog.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { name: 'Areas (1)' }).waitFor();
      await expectAccessible(page, 'map with a point and an area');

      await page.reload();
      await canvas.locator('img.leaflet-image-layer').waitFor();
      await canvas.getByRole('button', { name: 'The Emerald Gate' }).waitFor();
      expect(await canvas.locator('.leaflet-marker-icon').count()).toBe(1);
      expect(await canvas.locator('path.leaflet-interactive').count()).toBe(1);
      await page.getByRole('region', { name: 'Points (1)' }).getByText('The Emerald Gate').waitFor();
      const areas = page.getByRole('region', { name: 'Areas (1)' });
      await areas.getByText('The Poppy Field').waitFor();
      await areas.getByText('3 vertices').waitFor();

      // Reshape: drag the area's centre handle to the right; every corner moves with it.
      const firstCornerX = async () => {
        await areas.getByRole('button', { name: 'Edit area The Poppy Field' }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit area' });
        const x = Number(await dialog.getByLabel('Vertex 1 X').inputValue());
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
        return x;
      };
      const before = await firstCornerX();
      await areas.getByRole('button', { name: 'Reshape area The Poppy Field on the map' }).click();
      await page.getByText('drag a corner to move it, or the centre handle to move the whole area').waitFor();
      const handle = await canvas.locator('.lf-map-move').boundingBox();
      if (!handle) throw new Error('The move handle is not shown.');
      const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/areas/'));
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(handle.x + handle.width / 2 + 80, handle.y + handle.height / 2, { steps: 8 });
      await page.mouse.up();
      expect((await saved).status()).toBe(200);
      await page.getByRole('button', { name: 'Done' }).click();
      await areas.getByText('3 vertices').waitFor();
      expect(await firstCornerX()).toBeGreaterThan(before);

      // On a phone the canvas is as tall as the image it shows, not a tall frame around a short landscape map.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      const image = canvas.locator('img.leaflet-image-layer');
      await image.waitFor();
      await expect.poll(async () => (await canvas.boundingBox())?.height).toBeLessThan(360);
      const shown = await image.boundingBox();
      const frame = await canvas.boundingBox();
      if (!shown || !frame) throw new Error('The map image is not shown.');
      expect(frame.height).toBeLessThan(shown.height * 1.3);
      await page.setViewportSize({ width: 1280, height: 900 });

      // The maps tab lists it with its image.
      await page.goto(`/worlds/${worldId}/maps`);
      await page.getByRole('row', { name: /^The Survey of Oz Drawn from the road\. Uploaded/ }).waitFor();
    });
  });
});
