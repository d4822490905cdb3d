/**
 * Mentions in OnlyWorlds prose: its cross-tool reference convention is `ow://<type>/<uuid>`, written as a
 * Markdown link `[label](ow://character/<uuid>)` or bare. Loreforge mentions (shared/mentions.ts) are turned into
 * these on export and back on import.
 */
import { mentionText, replaceMentions, type MentionType } from '../shared/mentions.js';
import { replaceSchemeLinks } from '../shared/scheme-links.js';

/** OnlyWorlds element type of each Loreforge type a mention may name (undefined: written as plain text). */
const OW_TYPE: Partial<Record<MentionType, string>> = {
  character: 'character',
  item: 'object',
  event: 'event',
  quest: 'narrative',
  timeline: 'narrative',
  map: 'map',
};

/**
 * Rewrites `ow://` references to Loreforge mentions of the entities the elements became.
 * @param resolve the Loreforge type, id and name an element id became, or undefined when it became none (the
 *   label, or the bare reference, stays as text).
 */
export function owReferencesToMentions(
  text: string,
  resolve: (elementId: string) => { type: string; id: string; name: string } | undefined,
): string {
  return replaceSchemeLinks(
    text,
    'ow',
    (link, whole) => {
      const found = resolve(link.id);
      const shown = link.label ?? found?.name ?? whole;
      if (!found || !(['character', 'item', 'event', 'quest', 'timeline', 'map'] as string[]).includes(found.type)) return shown;
      return mentionText(found.type as MentionType, found.id, shown);
    },
    { bare: true, idMax: 100 },
  );
}

/**
 * Rewrites Loreforge mentions to `[label](ow://type/id)` references (element ids are the Loreforge ids), or to
 * their label when the type has no OnlyWorlds counterpart.
 */
export function mentionsToOwReferences(text: string): string {
  return replaceMentions(text, (mention) => {
    const type = OW_TYPE[mention.type];
    return type ? `[${mention.label.replace(/[[\]\\]/g, (char) => `\\${char}`)}](ow://${type}/${mention.id})` : mention.label;
  });
}
