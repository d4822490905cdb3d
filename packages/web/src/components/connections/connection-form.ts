/** What the connection form validates and sends (SPEC §7 Connections; issue "Linked lore" for tags). */
import { z } from 'zod';
import { ConnectionCreateSchema, required, type Connection, type ConnectionCreateInput } from '@loreforge/contract';
import { parseTags } from '../tags/TagEditor';
import { CONNECTION_DIRECTIONS, endValue, parseEnd, type ConnectionEnd } from './connection-ends';

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
