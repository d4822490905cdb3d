/**
 * Kanka locations (kanka.mapping.ts): points of one generated map "Locations", laid out on a grid in export
 * order (Kanka locations have no position); a location's parent is named in its description.
 */
import { accessFields, clampText, formatId } from '../shared/records.js';
import { appendAttributes } from './kanka.attributes.js';
import type { KankaContext } from './kanka.context.js';
import { idOf } from './kanka.model.js';

const GRID_COLUMNS = 10;
const GRID_STEP = 150;

/** Maps every Kanka location into a point of the map "Locations" (made only when there is a location). */
export function mapLocations(context: KankaContext): void {
  const { entities, now } = context;
  const locations = [...context.of('locations')];
  const mapId = formatId('kanka', 'map', 'locations');
  if (locations.length > 0) {
    entities.maps.push({
      mapId,
      name: 'Locations',
      description: 'The locations of the Kanka campaign, one point each (placed on a grid: Kanka locations have no position).',
      image: null,
      ...accessFields('everyone'),
      createdAt: now,
      updatedAt: now,
    });
  }
  locations.forEach((mapped, index) => {
    const file = mapped.file;
    const parentEntity = file.record.entity.parent_id ?? null;
    const parent = parentEntity !== null ? context.byEntity.get(parentEntity) : context.byModel('locations', file.record.location_id);
    const partOf = parent ? `Part of ${parent.name}.\n\n` : '';
    context.reportLeftovers(file);
    entities.mapPoints.push({
      pointId: idOf(mapped),
      mapId,
      name: mapped.name,
      description: clampText(appendAttributes(context, partOf + context.entryOf(file), file)),
      x: 100 + (index % GRID_COLUMNS) * GRID_STEP,
      y: 100 + Math.floor(index / GRID_COLUMNS) * GRID_STEP,
      entity: null,
      ...accessFields(mapped.visibility),
      ...context.timestampsOf(file),
    });
  });
}
