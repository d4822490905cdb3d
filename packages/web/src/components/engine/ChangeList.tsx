import Badge from 'react-bootstrap/Badge';
import type { AppliedChange } from '@loreforge/contract';
import { describeChange } from './engine-format';
import './engine.css';

const KIND_LABEL: Record<AppliedChange['kind'], string> = { attribute: 'Attribute', inventory: 'Inventory', relationship: 'Relationship' };

/** Props of {@link ChangeList}. */
export interface ChangeListProps {
  changes: readonly AppliedChange[];
  /** Names the list for assistive technology, e.g. 'Changes of The Kalidahs'. */
  label: string;
  /** Leaves out the character's name (on a character's own page). */
  hideCharacter?: boolean;
  emptyText?: string;
}

/** What an event changed, one highlighted line per attribute, holding or relationship field: before → after. */
export function ChangeList({ changes, label, hideCharacter, emptyText = 'This event changed nothing.' }: ChangeListProps) {
  if (changes.length === 0) return <p className="small text-body-secondary mb-0">{emptyText}</p>;
  return (
    <ul className="list-unstyled mb-0 lf-change-list" aria-label={label}>
      {changes.flatMap((change, index) =>
        describeChange(change).map((line, lineIndex) => (
          <li key={`${index}-${lineIndex}`} className="lf-changed small px-2 py-1 mb-1 rounded">
            <Badge bg="secondary" className="me-1">
              {KIND_LABEL[change.kind]}
            </Badge>{' '}
            {!hideCharacter && (
              <>
                <strong>{change.characterName ?? change.characterId.slice(0, 8)}</strong>{' '}
              </>
            )}
            <span>{line.subject}:</span> <span className="text-body-secondary">{line.before}</span>
            <span aria-label="becomes"> → </span>
            <strong>{line.after}</strong>
          </li>
        )),
      )}
    </ul>
  );
}
