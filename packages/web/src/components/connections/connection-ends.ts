/**
 * The ends of a connection as pages show them (SPEC §7 Connections): labels of the connectable types and the
 * `type:id` value a picker holds. Free of the form's schema, so a page listing connections does not load zod.
 */
import { CONNECTABLE_TYPES, type ConnectableType } from '@loreforge/contract';

/** An end of a connection: an entity of the world by type and id. */
export interface ConnectionEnd {
  type: ConnectableType;
  id: string;
}

/** Which way the connection runs, seen from the entity whose page shows it. */
export const CONNECTION_DIRECTIONS = ['from', 'to'] as const;

/** Label of each connectable type, for pickers and lists. */
export const CONNECTABLE_LABELS: Record<ConnectableType, string> = {
  character: 'Character',
  item: 'Item',
  timeline: 'Timeline',
  event: 'Event',
  map: 'Map',
  quest: 'Quest',
  goal: 'Goal',
};

/** The custom field's value for an end: `type:id`, or '' when none is chosen. */
export const endValue = (end: ConnectionEnd | null): string => (end ? `${end.type}:${end.id}` : '');

/**
 * Reads a `type:id` value back.
 * @returns the end, or null when the value names no connectable type and id.
 */
export function parseEnd(value: unknown): ConnectionEnd | null {
  if (typeof value !== 'string') return null;
  const at = value.indexOf(':');
  const type = CONNECTABLE_TYPES.find((candidate) => candidate === value.slice(0, at));
  const id = value.slice(at + 1);
  return type && id ? { type, id } : null;
}
