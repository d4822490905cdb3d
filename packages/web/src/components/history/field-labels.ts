/**
 * How history entries read: a field's label ("gmNotes" → "GM notes") and a value in a line of text.
 */

const LABELS: Record<string, string> = {
  gmNotes: 'GM notes',
  revealedTo: 'Revealed to',
  currentLocationId: 'Current location',
  activeQuests: 'Active quests',
  assignedTo: 'Assigned to',
  targetCharacterId: 'Target character',
  isOptional: 'Optional',
  isBranchingEvent: 'Branching event',
};

/**
 * A field name as a label: known ones by name, others split from camelCase ("targetDateTime" → "Target date time").
 */
export function fieldLabel(field: string): string {
  const known = LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as short text: none as "—", text as is, anything else as compact JSON (cut at 200 characters). */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}
