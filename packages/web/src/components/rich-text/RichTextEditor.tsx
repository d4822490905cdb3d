import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import Mention from '@tiptap/extension-mention';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import { MENTION_ENTITY_TYPES, type SearchHit } from '@loreforge/contract';
import { searchWorld } from '../../api/search';
import { SEARCH_TYPE_LABELS } from '../search/CommandPalette';

/** What the `@` menu shows: the hits, which is chosen, and where to draw it. */
interface MentionMenu {
  hits: SearchHit[];
  active: number;
  rect: DOMRect | null;
  choose: (hit: SearchHit) => void;
}

/**
 * The mention node as stored (docs/rich-text.md): `<span data-type="mention" data-entity-type="…" data-id="…">Label</span>`.
 * The label is the span's text, the type its own attribute.
 */
const StoredMention = Mention.extend({
  addAttributes() {
    return {
      id: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute('data-id'), renderHTML: () => ({}) },
      label: { default: null, parseHTML: (element: HTMLElement) => element.textContent, renderHTML: () => ({}) },
      entityType: {
        default: 'character',
        parseHTML: (element: HTMLElement) => element.getAttribute('data-entity-type'),
        renderHTML: () => ({}),
      },
    };
  },
});

/** Props of {@link RichTextEditor}. */
export interface RichTextEditorProps {
  id: string;
  worldId: string | undefined;
  /** HTML (the server's descriptionHtml, or '' for none). */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** Accessible name of the editing area. */
  label: string;
  /** Lines of text the empty editor is tall (as a text area's rows; default 3). */
  rows?: number | undefined;
}

/**
 * A rich text editor (issue "Linked lore") built on Tiptap: headings, bold, italic, lists, quotes, links, tables and
 * images, and `@` mentions offered from the world search (ArrowUp/ArrowDown, Enter or a click to choose). Emits HTML
 * the server sanitises; an empty editor emits ''.
 */
export function RichTextEditor({ id, worldId, value, onChange, onBlur, invalid, describedBy, label, rows = 3 }: RichTextEditorProps) {
  const attributes = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    'data-rows': String(rows),
    style: `min-height: ${rows * 1.5 + 0.75}rem`,
    class: `form-control rich-text-editor${invalid ? ' is-invalid' : ''}`,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  const [menu, setMenu] = useState<MentionMenu | null>(null);
  const menuRef = useRef<MentionMenu | null>(null);
  const worldRef = useRef(worldId);
  useEffect(() => {
    menuRef.current = menu;
    worldRef.current = worldId;
  }, [menu, worldId]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } }),
      Image,
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      // The suggestion's callbacks read the refs only while the person types, never during render.
      // eslint-disable-next-line react-hooks/refs -- see above
      StoredMention.configure({
        renderText: ({ node }) => String(node.attrs.label ?? ''),
        renderHTML: ({ node }) => [
          'span',
          {
            'data-type': 'mention',
            'data-entity-type': String(node.attrs.entityType ?? 'character'),
            'data-id': String(node.attrs.id ?? ''),
          },
          String(node.attrs.label ?? ''),
        ],
        suggestion: {
          char: '@',
          items: async ({ query }: { query: string }) => {
            const world = worldRef.current;
            if (!world || query.trim() === '') return [];
            try {
              // Relationships and connections are found too, but have no name to mention.
              const mentionable = new Set<string>(MENTION_ENTITY_TYPES);
              return (await searchWorld(world, query, 8)).data.filter((hit) => mentionable.has(hit.type));
            } catch {
              return [];
            }
          },
          render: () => {
            const show = (props: SuggestionProps<SearchHit>) => {
              setMenu((current) => ({
                hits: props.items,
                active: current?.hits === props.items ? current.active : 0,
                rect: props.clientRect?.() ?? null,
                choose: (hit) => props.command({ id: hit.id, label: hit.name.text, entityType: hit.type }),
              }));
            };
            return {
              onStart: show,
              onUpdate: show,
              onKeyDown: ({ event }: SuggestionKeyDownProps) => {
                const current = menuRef.current;
                if (!current || current.hits.length === 0) return false;
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  const step = event.key === 'ArrowDown' ? 1 : -1;
                  setMenu({ ...current, active: (current.active + step + current.hits.length) % current.hits.length });
                  return true;
                }
                if (event.key === 'Enter' || event.key === 'Tab') {
                  const hit = current.hits[current.active];
                  if (hit) current.choose(hit);
                  return true;
                }
                if (event.key === 'Escape') {
                  setMenu(null);
                  return true;
                }
                return false;
              },
              onExit: () => setMenu(null),
            };
          },
        },
      }),
    ],
    content: value,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // A new value from outside (a reload after a conflict) replaces the content; the editor's own edits do not.
  useEffect(() => {
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  const addLink = () => {
    const href = window.prompt('Link address (https://…)');
    if (href === null) return;
    if (href.trim() === '') editor.chain().focus().unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const addImage = () => {
    const src = window.prompt('Image address (https://…)');
    if (src?.trim().startsWith('https://')) editor.chain().focus().setImage({ src: src.trim() }).run();
  };

  const tool = (text: string, title: string, run: () => void, active = false) => (
    <Button
      size="sm"
      variant={active ? 'secondary' : 'outline-secondary'}
      title={title}
      aria-label={title}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      {text}
    </Button>
  );

  return (
    <div className="rich-text-field position-relative">
      <div className="d-flex flex-wrap gap-1 mb-1" role="toolbar" aria-label="Text formatting">
        <ButtonGroup>
          {tool('B', 'Bold', () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
          {tool('I', 'Italic', () => editor.chain().focus().toggleItalic().run(), editor.isActive('italic'))}
          {tool('H', 'Heading', () => editor.chain().focus().toggleHeading({ level: 3 }).run(), editor.isActive('heading'))}
        </ButtonGroup>
        <ButtonGroup>
          {tool('•', 'Bulleted list', () => editor.chain().focus().toggleBulletList().run(), editor.isActive('bulletList'))}
          {tool('1.', 'Numbered list', () => editor.chain().focus().toggleOrderedList().run(), editor.isActive('orderedList'))}
          {tool('❝', 'Quote', () => editor.chain().focus().toggleBlockquote().run(), editor.isActive('blockquote'))}
        </ButtonGroup>
        <ButtonGroup>
          {tool('Link', 'Link', addLink, editor.isActive('link'))}
          {tool('Table', 'Table', () => editor.chain().focus().insertTable({ rows: 2, cols: 2, withHeaderRow: true }).run())}
          {tool('Image', 'Image', addImage)}
        </ButtonGroup>
      </div>
      <EditorContent editor={editor} />
      {menu && menu.hits.length > 0 && (
        <ListGroup
          role="listbox"
          aria-label="Mention suggestions"
          className="mention-menu shadow position-fixed"
          style={{ zIndex: 1080, top: (menu.rect?.bottom ?? 0) + 4, left: menu.rect?.left ?? 0, minWidth: 220 }}
        >
          {menu.hits.map((hit, index) => (
            <ListGroup.Item
              key={`${hit.type}:${hit.id}`}
              action
              role="option"
              aria-selected={index === menu.active}
              active={index === menu.active}
              onMouseDown={(event) => {
                event.preventDefault();
                menu.choose(hit);
              }}
            >
              {hit.name.text} <span className="small opacity-75">({SEARCH_TYPE_LABELS[hit.type]})</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
