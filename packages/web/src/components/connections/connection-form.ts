/** What the connection form validates and sends (SPEC §7 Connections; issue "Linked lore" for tags). */
import { z } from 'zod';
import {
  CONNECTABLE_TYPES,
  ConnectionCreateSchema,
  required,
  type Connection,
  type ConnectableType,
  type ConnectionCreateInput,
} from '@loreforge/contract';
import { parseTags } from '../tags/TagEditor';

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

/** The form's schema: the other end must be chosen; the type and description follow ConnectionCreateSchema. */
export const ConnectionFormSchema = z.object({
  direction: z.enum(CONNECTION_DIRECTIONS),
  other: z.string({ error: () => required('Connected To') }).refine((value) => parseEnd(value) !== null, required('Connected To')),
  connectionType: ConnectionCreateSchema.shape.connectionType,
  description: ConnectionCreateSchema.shape.description,
  tags: z.string().optional(),
});
export type ConnectionFormValues = z.output<typeof ConnectionFormSchema>;

/**
 * The form's starting values: a new connection runs from `here`; an edited one shows its stored values, its
 * other end being whichever end is not `here`.
 */
export function connectionFormValues(here: ConnectionEnd, connection?: Connection): Record<string, string> {
  if (!connection) return { direction: 'from', other: '', connectionType: '', description: '', descriptionHtml: '', tags: '' };
  const fromHere = connection.sourceType === here.type && connection.sourceId === here.id;
  const other = fromHere
    ? { type: connection.targetType, id: connection.targetId }
    : { type: connection.sourceType, id: connection.sourceId };
  return {
    direction: fromHere ? 'from' : 'to',
    other: endValue(other),
    connectionType: connection.connectionType,
    description: connection.description ?? '',
    descriptionHtml: connection.descriptionHtml ?? '',
  };
}

/**
 * The API payload of the form's values: ends ordered by the direction, the description (and its HTML) and any
 * access fields the form added (editors only), without the form-only fields.
 * @returns the payload and the tags typed (for a new connection, saved once it exists).
 */
export function connectionPayload(
  here: ConnectionEnd,
  values: ConnectionFormValues & Record<string, unknown>,
): { input: ConnectionCreateInput; tags: string[] } {
  const { direction, other, tags, ...rest } = values;
  const end = parseEnd(other) ?? here;
  const [source, target] = direction === 'from' ? [here, end] : [end, here];
  return {
    input: { ...rest, sourceType: source.type, sourceId: source.id, targetType: target.type, targetId: target.id },
    tags: parseTags(tags ?? ''),
  };
}
