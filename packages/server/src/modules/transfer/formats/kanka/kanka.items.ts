/**
 * Kanka items (kanka.mapping.ts): a Loreforge item each, the record's own fields and its location's name as
 * properties, attributes as JSON attributes, private ones as GM notes.
 */
import { LIMITS } from '@loreforge/contract';
import { accessFields, clampText } from '../shared/records.js';
import { attributesOf, gmNotes, ownFields } from './kanka.attributes.js';
import type { KankaContext } from './kanka.context.js';
import { type Mapped, idOf } from './kanka.model.js';

/** Maps one Kanka item into `context.entities.items` (a name too short is padded to LIMITS.itemNameMin). */
export function mapItem(context: KankaContext, mapped: Mapped): void {
  const file = mapped.file;
  const { attributes, secret } = attributesOf(context, file);
  const location = context.byModel('locations', file.record.location_id);
  context.reportLeftovers(file);
  if (Array.isArray(file.record.itemCreators) && file.record.itemCreators.length > 0)
    context.report.add(`${file.path}#itemCreators`, "the item's creators were not kept: add them as connections");
  context.entities.items.push({
    itemId: idOf(mapped),
    name: mapped.name.length >= LIMITS.itemNameMin ? mapped.name : mapped.name.padEnd(LIMITS.itemNameMin, '.'),
    description: clampText(context.entryOf(file)),
    properties: { ...ownFields(file), ...(location ? { location: location.name } : {}) },
    attributes,
    ...accessFields(mapped.visibility, gmNotes(secret)),
    ...context.timestampsOf(file),
  });
}
