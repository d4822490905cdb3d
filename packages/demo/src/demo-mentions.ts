/**
 * Mentions in the demo's descriptions (issue "Linked lore"): the data writes `@[character:dorothy]`, `@[item:goldenCap]`
 * or `@[event:cyclone]`, naming another entity of the demo by its key. The loader first writes each description as
 * plain text (the token becomes the entity's name), then, once every entity exists, as rich text with real mentions.
 */

/** A mention token: kind and key. */
export const DEMO_MENTION = /@\[(character|item|event):([A-Za-z0-9]+)\]/g;

/** The kinds a demo description may mention, as the API names them. */
export type DemoMentionKind = 'character' | 'item' | 'event';

/** Whether a description holds a mention token. */
export const hasDemoMentions = (text: string | null): boolean => demoMentionKeys(text).length > 0;

/** Every (kind, key) a description mentions. */
export function demoMentionKeys(text: string | null): Array<{ kind: DemoMentionKind; key: string }> {
  if (text === null) return [];
  return [...text.matchAll(DEMO_MENTION)].map((match) => ({ kind: match[1] as DemoMentionKind, key: match[2] ?? '' }));
}

/**
 * The description as plain text: each token becomes the name of what it names.
 * @param nameOf the name of a (kind, key) of the demo.
 */
export function demoPlainText(text: string | null, nameOf: (kind: DemoMentionKind, key: string) => string): string | null {
  return text === null ? null : text.replace(DEMO_MENTION, (_match, kind: DemoMentionKind, key: string) => nameOf(kind, key));
}

const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The description as rich text (docs/rich-text.md): one paragraph, each token a mention span.
 * @param idOf the id the API gave a (kind, key); @param nameOf its name.
 */
export function demoRichText(
  text: string,
  idOf: (kind: DemoMentionKind, key: string) => string,
  nameOf: (kind: DemoMentionKind, key: string) => string,
): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(DEMO_MENTION)) {
    const [token, kind = 'character', key = ''] = match;
    html += escapeHtml(text.slice(last, match.index));
    const type = kind as DemoMentionKind;
    html += `<span data-type="mention" data-entity-type="${type}" data-id="${idOf(type, key)}">${escapeHtml(nameOf(type, key))}</span>`;
    last = match.index + token.length;
  }
  return `<p>${html}${escapeHtml(text.slice(last))}</p>`;
}
