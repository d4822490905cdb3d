import Badge from 'react-bootstrap/Badge';
import type { Quest } from '@loreforge/contract';
import { QUEST_STATUS_BADGE } from './quest-form';

/** A quest's status as a Bootstrap badge (pending secondary, active primary, completed success, failed danger). */
export function QuestStatusBadge({ status }: { status: Quest['status'] }) {
  return (
    <Badge bg={QUEST_STATUS_BADGE[status]} className="text-capitalize">
      {status}
    </Badge>
  );
}
