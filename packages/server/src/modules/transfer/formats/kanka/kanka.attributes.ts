/**
 * Kanka attributes and an entity's own scalar fields (kanka.mapping.ts): public attributes become the JSON
 * attributes (sections as groups), private ones GM notes; a record's own fields (a character's title, age, …)
 * are kept as attributes too; an entity without JSON attributes gets them as lines of its description.
 */
import { LIMITS } from '@loreforge/contract';
import { clampName } from '../shared/records.js';
import type { KankaContext } from './kanka.context.js';
import type { KankaFile } from './kanka.model.js';

/** Kanka's attribute type of a section heading: the attributes after it form a group. */
const SECTION_TYPE = 4;

/** The record's fields that are no attribute: ids, links, bookkeeping and images. */
const RESERVED = new Set([
  'id',
  'name',
  'entry',
  'is_private',
  'entity',
  'campaign_id',
  'slug',
  'image',
  '_lft',
  '_rgt',
  'created_at',
  'updated_at',
  'deleted_at',
  'created_by',
  'updated_by',
  'deleted_by',
  'location_id',
  'character_id',
  'family_id',
  'organisation_id',
  'race_id',
  'item_id',
  'calendar_id',
  'quest_id',
  'event_id',
  'tag_id',
  'instigator_id',
  'is_completed',
  'is_template',
  'image_path',
  'image_uuid',
  'header_image',
  'header_uuid',
  'focus_x',
  'focus_y',
  'marketplace_uuid',
  'tooltip',
]);

/** SPEC §2 JSON variable editor conversion: 'true'/'false', numbers and 'null' become values; other text stays. */
function attributeValue(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  const text = value.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  if (text !== '' && /^-?\d+(\.\d+)?$/.test(text) && Number.isFinite(Number(text))) return Number(text);
  return value;
}

/**
 * An entity's attributes.
 * @returns the public ones as JSON attributes (sections as groups) and the private ones as `name: value` lines.
 */
export function attributesOf(context: KankaContext, file: KankaFile): { attributes: Record<string, unknown>; secret: string[] } {
  const attributes: Record<string, unknown> = {};
  const secret: string[] = [];
  let group: Record<string, unknown> = attributes;
  for (const attribute of file.record.entity.entityAttributes) {
    const name = clampName(attribute.name, 'Attribute', 100);
    if (Number(attribute.type_id) === SECTION_TYPE) {
      group = {};
      attributes[name] = group;
      continue;
    }
    const value = typeof attribute.value === 'string' ? context.text(attribute.value, file.path) : attribute.value;
    if (attribute.is_private) secret.push(`${name}: ${String(value ?? '')}`);
    else group[name] = attributeValue(value);
  }
  return { attributes, secret };
}

/** The record's own scalar fields (a character's title, age, sex…) that Loreforge keeps as attributes. */
export function ownFields(file: KankaFile): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (file.record.entity.type) fields.type = file.record.entity.type;
  for (const [key, value] of Object.entries(file.record)) {
    if (RESERVED.has(key) || value === null || value === '' || typeof value === 'object') continue;
    fields[key] = typeof value === 'string' ? value.slice(0, LIMITS.textMax) : value;
  }
  return fields;
}

/** GM notes of private lines, or null when there are none. */
export const gmNotes = (lines: string[]): string | null => (lines.length > 0 ? lines.join('\n') : null);

/**
 * A description with the entity's public attributes appended as lines (for kinds without JSON attributes);
 * private attributes are reported, as such an entity has no GM notes for them here.
 */
export function appendAttributes(context: KankaContext, description: string, file: KankaFile): string {
  const { attributes, secret } = attributesOf(context, file);
  if (secret.length > 0)
    context.report.add(
      file.path,
      `${secret.length} private attribute(s) were not kept: this kind of entity has no GM notes for them in Loreforge`,
    );
  const lines = Object.entries(attributes).map(
    ([key, value]) => `- ${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
  );
  return lines.length === 0 ? description : `${description}\n\nAttributes:\n${lines.join('\n')}`.trim();
}
