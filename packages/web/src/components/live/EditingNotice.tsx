import Alert from 'react-bootstrap/Alert';
import type { ChangeEntityType } from '@loreforge/contract';
import { useAuth } from '../../hooks/useAuth';
import { useLive } from './live-context';

/** Joins names as people read them: "A", "A and B", "A, B and C". */
const joinNames = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * "Glinda is editing" (issue 15): shown on an entity's page and form while another member has a form of the
 * same entity open; nothing otherwise.
 */
export function EditingNotice({ entityType, entityId }: { entityType: ChangeEntityType; entityId: string | undefined }) {
  const live = useLive();
  const { user } = useAuth();
  const editors = (live?.presence ?? [])
    .filter((entry) => entry.editing && entry.entityType === entityType && entry.entityId === entityId && entry.userId !== user?.userId)
    .map((entry) => entry.username);
  if (!entityId || editors.length === 0) return null;
  return (
    <Alert variant="info" className="py-2" role="status">
      {joinNames(editors)} {editors.length === 1 ? 'is' : 'are'} editing
    </Alert>
  );
}
