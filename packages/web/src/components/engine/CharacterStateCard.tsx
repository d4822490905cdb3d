import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import type { AppliedChange, CharacterState } from '@loreforge/contract';
import { changedMarks, formatEngineValue } from './engine-format';
import './engine.css';
import { relationshipTypeLabel } from '../../lib/relationship-labels';

/** Props of {@link CharacterStateCard}. */
export interface CharacterStateCardProps {
  state: CharacterState;
  /** The chosen event's changes: what they touched on this character is highlighted. */
  changes?: readonly AppliedChange[];
  /** Heading level text size; the card's title is an h3. */
  title?: string;
}

const changedBadge = (
  <Badge bg="warning" text="dark" className="ms-1">
    changed
  </Badge>
);

/**
 * One character's state at a moment: attributes, inventory (quantity, equipped) and relationships, with what the
 * chosen event changed highlighted and marked 'changed'.
 */
export function CharacterStateCard({ state, changes = [], title }: CharacterStateCardProps) {
  const marks = changedMarks(changes, state.characterId);
  const attributes = Object.entries(state.attributes);
  const touched = marks.attributes.size + marks.items.size + marks.relationships.size > 0;
  return (
    <Card className={`lf-card mb-3${touched ? ' border-warning' : ''}`} as="section" aria-label={`State of ${state.name}`}>
      <Card.Body className="p-3">
        <h3 className="h6 mb-2">
          {title ?? state.name}
          {touched && changedBadge}
        </h3>
        <h4 className="small text-uppercase text-body-secondary mb-1">Attributes</h4>
        {attributes.length === 0 ? (
          <p className="small text-body-secondary">None.</p>
        ) : (
          <Table size="sm" className="mb-2 small">
            <caption className="visually-hidden">Attributes of {state.name}</caption>
            <tbody>
              {attributes.map(([name, value]) => (
                <tr key={name} className={marks.attributes.has(name) ? 'lf-changed' : undefined}>
                  <th scope="row" className="fw-normal">
                    {name}
                  </th>
                  <td className="text-break">
                    {formatEngineValue(value)}
                    {marks.attributes.has(name) && changedBadge}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <h4 className="small text-uppercase text-body-secondary mb-1">Inventory</h4>
        {state.inventory.length === 0 && !marks.items.size ? (
          <p className="small text-body-secondary">Holds nothing.</p>
        ) : (
          <ul className="list-unstyled small mb-2" aria-label={`Inventory of ${state.name}`}>
            {state.inventory.map((holding) => (
              <li key={holding.itemId} className={`px-1${marks.items.has(holding.itemId) ? ' lf-changed' : ''}`}>
                {holding.name ?? holding.itemId.slice(0, 8)} × {holding.quantity}
                {holding.equipped && (
                  <Badge bg="info" text="dark" className="ms-1">
                    equipped
                  </Badge>
                )}
                {marks.items.has(holding.itemId) && changedBadge}
              </li>
            ))}
            {[...marks.items]
              .filter((id) => !state.inventory.some((h) => h.itemId === id))
              .map((id) => {
                const change = changes.find((c) => c.kind === 'inventory' && c.itemId === id && c.characterId === state.characterId);
                const name = change?.kind === 'inventory' ? change.itemName : null;
                return (
                  <li key={id} className="px-1 lf-changed">
                    {name ?? id.slice(0, 8)}: no longer held{changedBadge}
                  </li>
                );
              })}
          </ul>
        )}
        <h4 className="small text-uppercase text-body-secondary mb-1">Relationships</h4>
        {state.relationships.length === 0 ? (
          <p className="small text-body-secondary mb-0">None.</p>
        ) : (
          <ul className="list-unstyled small mb-0" aria-label={`Relationships of ${state.name}`}>
            {state.relationships.map((r) => (
              <li key={r.targetCharacterId} className={`px-1${marks.relationships.has(r.targetCharacterId) ? ' lf-changed' : ''}`}>
                → {r.targetCharacterName ?? r.targetCharacterId.slice(0, 8)}: {relationshipTypeLabel(r.relationshipType)}, affinity{' '}
                {r.affinity}, trust {r.trustLevel}
                {marks.relationships.has(r.targetCharacterId) && changedBadge}
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
