/**
 * The demo's map (issue 6): the map, its image, the points (some linked to a character or item) and the areas,
 * then each character placed at its location point.
 */
import { attempt } from './api.js';
import { putCharacter } from './load-characters.js';
import type { DemoLoad } from './load-context.js';

/**
 * Creates the map with its image, points and areas, and places the characters that have a location.
 * @param mapImage the PNG bytes of the map image.
 * @throws DemoLoadError naming the map, point, area or character whose step failed.
 */
export async function loadMap(load: DemoLoad, mapImage: Uint8Array): Promise<void> {
  const { client, worldId, data, summary } = load;
  const map = await attempt(
    `Creating map "${data.map.name}"`,
    client.POST('/api/worlds/{worldId}/maps', {
      params: { path: { worldId } },
      body: { name: data.map.name, description: data.map.description },
    }),
  );
  load.remember('map', data.map.key, map.mapId);
  summary.maps += 1;
  const mapPath = { worldId, mapId: map.mapId };
  await attempt(
    'Uploading the map image',
    client.PUT('/api/worlds/{worldId}/maps/{mapId}/image', {
      params: { path: mapPath },
      headers: { 'content-type': 'image/png' },
      // The body is the file itself; a Blob is a body under both Node's and the DOM's fetch typings.
      body: new Blob([new Uint8Array(mapImage)], { type: 'image/png' }) as unknown as string,
      bodySerializer: (body: unknown) => body as Blob,
    }),
  );
  for (const point of data.map.points) {
    const body = {
      name: point.name,
      description: point.description,
      x: point.x,
      y: point.y,
      entity: point.entity ? { type: point.entity.type, id: load.id(point.entity.type, point.entity.key) } : null,
    };
    const created = await attempt(
      `Placing point "${point.name}"`,
      client.POST('/api/worlds/{worldId}/maps/{mapId}/points', { params: { path: mapPath }, body }),
    );
    load.remember('point', point.key, created.pointId);
    summary.points += 1;
  }
  for (const area of data.map.areas) {
    const { key, ...body } = area;
    const created = await attempt(
      `Drawing area "${area.name}"`,
      client.POST('/api/worlds/{worldId}/maps/{mapId}/areas', { params: { path: mapPath }, body }),
    );
    load.remember('area', key, created.areaId);
    summary.areas += 1;
  }
  load.log(`Map with its image, ${summary.points} points and ${summary.areas} areas created.`);

  for (const character of data.characters) {
    const body = load.characterBodies.get(character.key);
    if (!character.location || !body) continue;
    body.currentLocationId = load.id('point', character.location);
    await putCharacter(load, character.key, `Placing ${character.name} on the map`);
  }
}
