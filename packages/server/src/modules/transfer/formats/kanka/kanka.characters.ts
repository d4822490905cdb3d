/**
 * Kanka characters (kanka.mapping.ts): a Loreforge character each, with the record's own fields, attributes and
 * public traits as JSON attributes, private attributes and traits as GM notes, and one current location.
 */
import { accessFields, clampName, clampText } from '../shared/records.js';
import { attributesOf, gmNotes, ownFields } from './kanka.attributes.js';
import type { KankaContext } from './kanka.context.js';
import { type Mapped, idOf } from './kanka.model.js';

/** Maps one Kanka character into `context.entities.characters`. */
export function mapCharacter(context: KankaContext, mapped: Mapped): void {
  const file = mapped.file;
  const { attributes, secret } = attributesOf(context, file);
  const traits: Record<string, unknown> = {};
  for (const trait of file.record.characterTraits) {
    const traitName = clampName(trait.name, 'Trait', 100);
    if (trait.is_private) secret.push(`${traitName}: ${context.text(trait.entry, file.path)}`);
    else traits[traitName] = context.text(trait.entry, file.path);
  }
  const locationIds = [
    ...file.record.entity.entityLocations.map((link) => context.byModel('locations', link.location_id)),
    context.byModel('locations', file.record.location_id),
  ].filter((location): location is Mapped => location !== undefined);
  const unique = [...new Set(locationIds)];
  if (unique.length > 1)
    context.report.add(
      `${file.path}#entity.entityLocations`,
      `the character is at ${unique.length} locations; Loreforge keeps one (${unique[0]?.name ?? ''})`,
    );
  context.reportLeftovers(file);
  context.entities.characters.push({
    characterId: idOf(mapped),
    name: mapped.name,
    description: clampText(context.entryOf(file)),
    attributes: { ...ownFields(file), ...attributes, ...(Object.keys(traits).length > 0 ? { traits } : {}) },
    currentLocationId: unique[0]?.id ?? null,
    activeQuests: [],
    assignedTo: null,
    ...accessFields(mapped.visibility, gmNotes(secret)),
    ...context.timestampsOf(file),
  });
}
