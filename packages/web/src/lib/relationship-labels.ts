/**
 * Readable labels of the stored relationship values (SPEC §5 Relationship). The spec's stored values stay as
 * they are, underscores and its spelling 'acquaintence' included; only what a person reads changes.
 */
import type { CommunicationStyle, RelationshipType } from '@loreforge/contract';

const TYPE_LABELS: Record<RelationshipType, string> = {
  Stranger: 'Stranger',
  'Parent to': 'Parent to',
  'Child of': 'Child of',
  'Sibling of': 'Sibling of',
  immediate_family_general: 'Immediate family',
  extended_family: 'Extended family',
  like_family: 'Like family',
  friend: 'Friend',
  'distant friend': 'Distant friend',
  acquaintence: 'Acquaintance',
  'aware of': 'Aware of',
};

const STYLE_LABELS: Record<CommunicationStyle, string> = {
  Open: 'Open',
  Reserved: 'Reserved',
  Deceptive: 'Deceptive',
  Manipulative: 'Manipulative',
  functional: 'Functional',
  mute: 'Mute',
};

/**
 * @param value a stored relationship type, e.g. 'extended_family'.
 * @returns its label ('Extended family'); a value outside the spec's list is shown as stored.
 */
export function relationshipTypeLabel(value: string): string {
  return (TYPE_LABELS as Record<string, string>)[value] ?? value;
}

/** @returns the label of a stored communication style ('functional' → 'Functional'); others as stored, null as ''. */
export function communicationStyleLabel(value: string | null | undefined): string {
  if (!value) return '';
  return (STYLE_LABELS as Record<string, string>)[value] ?? value;
}
