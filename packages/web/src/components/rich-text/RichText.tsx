import { type ReactNode, createElement, useMemo } from 'react';
import { MENTION_ENTITY_TYPES, type MentionEntityType } from '@loreforge/contract';
import { MentionLink } from './MentionLink';
import { SAFE_IMAGE, SAFE_LINK, sanitizeToFragment } from './rich-text-dom';

const MENTION_TYPES = new Set<string>(MENTION_ENTITY_TYPES);
const VOID_TAGS = new Set(['br', 'hr', 'img', 'col']);

/** The React props of an allowed element, from its (already sanitised) attributes. */
function propsOf(element: Element, key: number): Record<string, unknown> | null {
  const tag = element.tagName.toLowerCase();
  const props: Record<string, unknown> = { key };
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (!SAFE_LINK.test(href)) return null;
    Object.assign(props, { href, rel: 'noopener noreferrer nofollow', target: href.startsWith('/') ? undefined : '_blank' });
  }
  if (tag === 'img') {
    const src = element.getAttribute('src') ?? '';
    if (!SAFE_IMAGE.test(src)) return null;
    Object.assign(props, {
      src,
      alt: element.getAttribute('alt') ?? '',
      title: element.getAttribute('title') ?? undefined,
      className: 'img-fluid',
    });
  }
  if (tag === 'td' || tag === 'th') {
    const colSpan = Number(element.getAttribute('colspan') ?? 1);
    const rowSpan = Number(element.getAttribute('rowspan') ?? 1);
    if (colSpan > 1) props.colSpan = colSpan;
    if (rowSpan > 1) props.rowSpan = rowSpan;
  }
  if (tag === 'ol' && element.getAttribute('start')) props.start = Number(element.getAttribute('start'));
  if (tag === 'table') props.className = 'table table-sm table-bordered w-auto';
  return props;
}

/** Turns sanitised DOM nodes into React elements; mentions become links with a hover card. */
function toReact(nodes: NodeListOf<ChildNode>, worldId: string): ReactNode[] {
  return Array.from(nodes).map((node, key): ReactNode => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (!(node instanceof Element)) return null;
    const tag = node.tagName.toLowerCase();
    if (tag === 'span') {
      const type = node.getAttribute('data-entity-type') ?? '';
      const id = node.getAttribute('data-id');
      if (node.getAttribute('data-type') === 'mention' && id && MENTION_TYPES.has(type)) {
        return (
          <MentionLink key={key} worldId={worldId} type={type as MentionEntityType} id={id} parentId={node.getAttribute('data-parent-id')}>
            {node.textContent}
          </MentionLink>
        );
      }
      return <span key={key}>{toReact(node.childNodes, worldId)}</span>;
    }
    const props = propsOf(node, key);
    if (props === null) return <span key={key}>{toReact(node.childNodes, worldId)}</span>;
    return VOID_TAGS.has(tag) ? createElement(tag, props) : createElement(tag, props, ...toReact(node.childNodes, worldId));
  });
}

/** Props of {@link RichText}. */
export interface RichTextProps {
  worldId: string;
  /** The server's descriptionHtml (sanitised there, and again here). */
  html: string | null | undefined;
  /** Shown when there is no text. */
  empty?: ReactNode;
}

/**
 * Shows a rich text description (issue "Linked lore"): the server's sanitised HTML, sanitised again with DOMPurify
 * and rendered as React elements (no `dangerouslySetInnerHTML`). Mentions are links to their entity with a hover card;
 * a mention the reader may not see arrives from the server as plain text.
 */
export function RichText({ worldId, html, empty = null }: RichTextProps) {
  const content = useMemo(() => (html ? toReact(sanitizeToFragment(html).childNodes, worldId) : []), [html, worldId]);
  if (content.length === 0) return <>{empty}</>;
  return <div className="rich-text">{content}</div>;
}
