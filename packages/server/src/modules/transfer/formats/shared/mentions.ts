/**
 * How a description names another entity of the world in plain text (docs/export-format.md "Mentions in text"):
 * a Markdown link whose target is `loreforge://<type>/<id>`, e.g. `[Dorothy](loreforge://character/<uuid>)`.
 * It reads as a link in any Markdown viewer, and the id is the bundle id of the entity, so the bundle import
 * rewrites it to the new world's id like any other id in text. Importers of other formats write mentions this
 * way; exporters turn them into their own links (wiki links, OnlyWorlds `ow://` references).
 */
import { CONNECTABLE_TYPES, type ConnectableType } from '@loreforge/contract';
import { findSchemeLinks } from './scheme-links.js';

/** Entity types a mention may name (those a connection may join). */
export type MentionType = ConnectableType;

/** A mention found in text. */
export interface Mention {
  /** Where the whole link starts and ends in the text (end exclusive). */
  start: number;
  end: number;
  label: string;
  type: MentionType;
  id: string;
}

/** Brackets and parentheses a label cannot hold unescaped in a Markdown link. */
const escapeLabel = (label: string): string => label.replace(/[[\]\\]/g, (char) => `\\${char}`);

/**
 * Writes a mention.
 * @param label the text a reader sees (brackets in it are escaped).
 * @returns `[label](loreforge://type/id)`.
 */
export function mentionText(type: MentionType, id: string, label: string): string {
  return `[${escapeLabel(label)}](loreforge://${type}/${id})`;
}

/**
 * Finds every mention in text, in order. Links naming a type that is not mentionable are not mentions.
 * @returns the mentions with their positions; [] for text without any.
 */
export function findMentions(text: string): Mention[] {
  const mentions: Mention[] = [];
  for (const link of findSchemeLinks(text, 'loreforge')) {
    const type = link.type as MentionType;
    if (!(CONNECTABLE_TYPES as readonly string[]).includes(type)) continue;
    mentions.push({ start: link.start, end: link.end, label: link.label ?? '', type, id: link.id });
  }
  return mentions;
}

/**
 * Rewrites every mention of a text.
 * @param render gives the replacement of one mention.
 */
export function replaceMentions(text: string, render: (mention: Mention) => string): string {
  let out = '';
  let last = 0;
  for (const mention of findMentions(text)) {
    out += text.slice(last, mention.start) + render(mention);
    last = mention.end;
  }
  return out + text.slice(last);
}

/** Escapes text for HTML content and attribute values. */
const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** One paragraph of plain text as HTML, each mention a mention span (docs/rich-text.md). */
const paragraphHtml = (paragraph: string): string => {
  let html = '';
  let last = 0;
  for (const mention of findMentions(paragraph)) {
    html += escapeHtml(paragraph.slice(last, mention.start)).replace(/\r?\n/g, '<br>');
    html += `<span data-type="mention" data-entity-type="${mention.type}" data-id="${escapeHtml(mention.id)}">${escapeHtml(mention.label)}</span>`;
    last = mention.end;
  }
  return `<p>${html}${escapeHtml(paragraph.slice(last)).replace(/\r?\n/g, '<br>')}</p>`;
};

/**
 * Plain text holding mentions as rich text (docs/rich-text.md): paragraphs between blank lines, line breaks as
 * `<br>`, every character escaped, each mention a mention span, so the import indexes it as a backlink.
 * @returns the HTML, or null when the text holds no mention (the plain text then stands alone).
 */
export function mentionsAsRichText(text: string | null | undefined): string | null {
  if (!text || findMentions(text).length === 0) return null;
  return text
    .split(/\r?\n\s*\r?\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map(paragraphHtml)
    .join('');
}

/** Records that may hold rich text. */
interface Described {
  description: string | null;
  descriptionHtml?: string | null | undefined;
}

/**
 * Gives every record of a bundle whose description holds mentions (and no rich text yet) that text as rich text,
 * for importers of formats that write mentions as Markdown links. Changes the records in place.
 * @param records the world and the records of every type with rich text.
 */
export function describeMentionsAsRichText(records: Iterable<Described>): void {
  for (const record of records) {
    if (record.descriptionHtml) continue;
    const html = mentionsAsRichText(record.description);
    if (html !== null) record.descriptionHtml = html;
  }
}
