import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Popover from 'react-bootstrap/Popover';
import type { MentionEntityType } from '@loreforge/contract';
import { useMentionSummary } from '../../api/mentions';
import { entityPath } from '../../lib/entity-path';
import { SEARCH_TYPE_LABELS } from '../search/CommandPalette';

/** Characters of the description a hover card shows. */
const CARD_TEXT = 160;

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
 * the first lines of its description), loaded when the card opens.
 */
export function MentionLink({ worldId, type, id, parentId, children }: MentionLinkProps) {
  const [open, setOpen] = useState(false);
  const popover = (
    <Popover id={`mention-${id}`}>
      <Popover.Body>
        <MentionCard worldId={worldId} type={type} id={id} parentId={parentId} open={open} />
      </Popover.Body>
    </Popover>
  );
  return (
    <OverlayTrigger trigger={['hover', 'focus']} placement="top" overlay={popover} onToggle={setOpen} delay={{ show: 250, hide: 100 }}>
      <Link to={entityPath(worldId, type, id, parentId)} className="mention" data-entity-type={type}>
        {children}
      </Link>
    </OverlayTrigger>
  );
}
