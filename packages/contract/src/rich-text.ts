/**
 * Rich text with mentions (issue "Linked lore", docs/rich-text.md). A description is stored twice: as sanitised
 * HTML (`descriptionHtml`) and as plain text derived from it (`description`, what search reads and what older
 * clients keep reading). A client may send either: `descriptionHtml` wins and `description` is then derived; a
 * client that sends only `description` gets it escaped into paragraphs.
 *
 * A mention is stored as
 * `<span data-type="mention" data-entity-type="character" data-id="<uuid>">Label</span>`; answers render it with
 * the target's current name, or as plain text (no link, no id) when the target is gone or hidden from the reader.
 */
import { z } from 'zod';
import * as m from './messages.js';

/** Entity types whose text may hold mentions (the sources of backlinks). */
export const RICH_TEXT_SOURCE_TYPES = [
  'world',
  'character',
  'item',
  'event',
  'timeline',
  'map',
  'mapPoint',
  'mapArea',
  'quest',
  'goal',
  'relationship',
  'connection',
] as const;
export type RichTextSourceType = (typeof RICH_TEXT_SOURCE_TYPES)[number];

/**
 * Entity types whose text may mention another: the rich-text sources, and inventory entries and quest objectives,
 * whose GM notes may hold mentions (backlinks only editors and the owner read).
 */
export const BACKLINK_SOURCE_TYPES = [...RICH_TEXT_SOURCE_TYPES, 'inventoryItem', 'questObjective'] as const;
export type BacklinkSourceType = (typeof BACKLINK_SOURCE_TYPES)[number];

/** Longest rich text accepted, in characters of HTML (its plain text is bounded by the field's own limit). */
export const RICH_TEXT_MAX = 200_000;

/**
 * An optional rich text input: HTML that the server sanitises (allow-list of docs/rich-text.md). Absent or null
 * means "derive it from the plain text field"; '' clears it.
 * @param label the plain field's label, e.g. 'Description'.
 */
export function richTextField(label: string) {
  return z
    .string({ error: () => m.mustBeText(label) })
    .max(RICH_TEXT_MAX, m.maxLength(label, RICH_TEXT_MAX))
    .nullish()
    .describe(
      `${label} as HTML (headings, bold, italic, lists, links, quotes, tables, images, mentions). Sanitised on the server; ` +
        `when given, the plain ${label.toLowerCase()} is derived from it. Absent: derived from the plain text.`,
    );
}

/** The rich text of an answer: sanitised HTML with mentions rendered for the reader, or null. */
export const richTextOutput = () =>
  z
    .string()
    .nullable()
    .describe("Sanitised HTML; each mention shows its target's current name, or plain text when the reader may not see it.");

/** One entity whose text mentions the addressed one (GET …/{entity}/backlinks). */
export const BacklinkSchema = z.object({
  type: z.enum(BACKLINK_SOURCE_TYPES),
  id: z.string(),
  parentId: z
    .string()
    .nullable()
    .describe(
      'mapId of a map point or area, characterId of a relationship, character goal or inventory entry, questId of a ' +
        'quest objective; null otherwise.',
    ),
  name: z
    .string()
    .describe(
      "Its name (a goal's title, a relationship's ends, a connection's type, an inventory entry's holder and item, an objective's text).",
    ),
});
export type Backlink = z.infer<typeof BacklinkSchema>;

/** The backlinks answer: the visible sources, by name. */
export const BacklinksResponseSchema = z.object({ data: z.array(BacklinkSchema) });
export type BacklinksResponse = z.infer<typeof BacklinksResponseSchema>;
