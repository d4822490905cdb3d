/**
 * What the character form sends (SPEC §5 Character): the contract's CharacterCreateSchema, fed from text
 * inputs. Attributes arrive as JSON text, active quests as comma-separated ids.
 */
import { z } from 'zod';
import { CharacterCreateSchema, MESSAGES, optionalUuidField, type Character } from '@loreforge/contract';

/** Shown when an active quest id is not a quest id (a UUID). */
export const ACTIVE_QUESTS_INVALID = 'Active Quests must be quest ids separated by commas.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the active quests text (SPEC §5): split on commas, each id trimmed, blanks dropped; nothing left → null.
 * @param text what the person typed, e.g. ' q1, ,q2 '.
 * @returns the ids (['q1', 'q2']) or null.
 */
export function parseActiveQuests(text: string | null | undefined): string[] | null {
  const ids = (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return ids.length > 0 ? ids : null;
}

/**
 * Parses the attributes text: blank → null (the server stores {}), valid JSON → its value, otherwise an
 * issue with 'Error parsing Attributes JSON. Please ensure it is valid JSON.' (SPEC §5).
 */
const attributesText = z
  .string()
  .nullish()
  .transform((text, ctx): unknown => {
    if (!text || text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: MESSAGES.attributesInvalidJson });
      return z.NEVER;
    }
  })
  .pipe(CharacterCreateSchema.shape.attributes);

const activeQuestsText = z
  .string()
  .nullish()
  .transform(parseActiveQuests)
  .superRefine((ids, ctx) => {
    // One message on the field itself, so it shows under the input rather than on a hidden array index.
    if (ids?.some((id) => !UUID.test(id))) ctx.addIssue({ code: 'custom', message: ACTIVE_QUESTS_INVALID });
  });

/**
 * The character form's schema: CharacterCreateSchema with attributes and active quests read from text.
 * Output: { name, description|null, attributes, currentLocationId|null, activeQuests: string[]|null, assignedTo|null }.
 */
export const CharacterFormSchema = CharacterCreateSchema.extend({
  attributes: attributesText,
  activeQuests: activeQuestsText,
  // '' (Nobody) is sent as null.
  assignedTo: optionalUuidField('Played by'),
});

/** The form's input values (all text). */
export interface CharacterFormValues {
  name: string;
  description: string;
  /** The stored rich text, which the editor starts from. */
  descriptionHtml: string;
  attributes: string;
  currentLocationId: string;
  activeQuests: string;
  assignedTo: string;
}

/**
 * The form's starting values: empty for a new character, the stored values as text when editing.
 * @param character the character being edited, or undefined to create.
 */
export function characterFormValues(character?: Character): CharacterFormValues {
  const attributes = character?.attributes ?? {};
  return {
    name: character?.name ?? '',
    description: character?.description ?? '',
    descriptionHtml: character?.descriptionHtml ?? '',
    attributes: Object.keys(attributes).length > 0 ? JSON.stringify(attributes, null, 2) : '',
    currentLocationId: character?.currentLocationId ?? '',
    activeQuests: (character?.activeQuests ?? []).join(', '),
    assignedTo: character?.assignedTo ?? '',
  };
}
