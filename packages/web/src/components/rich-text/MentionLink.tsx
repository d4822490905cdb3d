import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MentionEntityType } from '@loreforge/contract';
import { useMentionSummary } from '../../api/mentions';
import { entityPath } from '../../lib/entity-path';
import { SEARCH_TYPE_LABELS } from '../search/CommandPalette';
import { useOverlayParts } from '../overlays/useOverlayParts';

/** Characters of the description a hover card shows. */
const CARD_TEXT = 160;
/** How long the pointer or focus stays on a mention before its card shows, in milliseconds. */
const SHOW_DELAY_MS = 250;
/** How long after the pointer or focus leaves a mention its card hides, in milliseconds. */
const HIDE_DELAY_MS = 100;

/** Props of {@link MentionLink}. */
export interface MentionLinkProps {
  worldId: string;
  type: MentionEntityType;
  id: string;
  /** The map of a mentioned map point or area. */
  parentId: string | null;
  children: ReactNode;
}

function MentionCard({ worldId, type, id, parentId, open }: Omit<MentionLinkProps, 'children'> & { open: boolean }) {
  const summary = useMentionSummary(worldId, type, id, parentId, open);
  const text = summary.data?.description ?? '';
  return (
    <>
      <div className="fw-semibold">{summary.data?.name ?? '…'}</div>
      <div className="small text-body-secondary mb-1">{SEARCH_TYPE_LABELS[type]}</div>
      {text && <div className="small">{text.length > CARD_TEXT ? `${text.slice(0, CARD_TEXT)}…` : text}</div>}
      {summary.isError && <div className="small text-body-secondary">No details to show.</div>}
    </>
  );
}

/**
 * A mention in rich text (issue "Linked lore"): a link to the entity's page, with a hover card (name, type and
 * the first lines of its description, loaded when the card opens) shown 250 ms after the pointer enters the link
 * or it takes focus, hidden 100 ms after it leaves. Pointing at the link or focusing it also loads the overlay
 * components (useOverlayParts); the card is their Overlay beside the link, so the link itself is never replaced
 * and a click on it always lands.
 */
export function MentionLink({ worldId, type, id, parentId, children }: MentionLinkProps) {
  const { parts, load } = useOverlayParts();
  const [open, setOpen] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const popoverId = `mention-${id}`;
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const point = (pointed: boolean) => () => {
    if (pointed) load();
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(pointed), pointed ? SHOW_DELAY_MS : HIDE_DELAY_MS);
  };

  return (
    <>
      <Link
        ref={linkRef}
        to={entityPath(worldId, type, id, parentId)}
        className="mention"
        data-entity-type={type}
        aria-describedby={open && parts ? popoverId : undefined}
        onMouseEnter={point(true)}
        onMouseLeave={point(false)}
        onFocus={point(true)}
        onBlur={point(false)}
      >
        {children}
      </Link>
      {parts && (
        <parts.Overlay target={linkRef} show={open} placement="top">
          <parts.Popover id={popoverId}>
            <parts.Popover.Body>
              <MentionCard worldId={worldId} type={type} id={id} parentId={parentId} open={open} />
            </parts.Popover.Body>
          </parts.Popover>
        </parts.Overlay>
      )}
    </>
  );
}
