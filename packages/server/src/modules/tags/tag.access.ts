/**
 * Who may reach a tagged entity (issue "Linked lore"): the `require*` helper of the tag routes, as every module
 * keeps its own in `<resource>.access.ts`.
 */
import type { TaggableType } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors/app-error.js';
import { isVisible } from '../../access/visibility.js';
import type { WorldScope } from '../../access/world-scope.js';

/** The entity's label in a 404 message, e.g. 'Character', 'Map point'. */
const label = (type: string): string => `${type.charAt(0).toUpperCase()}${type.slice(1).replaceAll('_', ' ')}`;

/**
 * Checks that the entity is in the scope's world and visible to the reader.
 * @throws AppError 404 '<Type> not found.' otherwise (a secret is answered like a missing entity).
 */
export async function requireTaggable(db: Db, scope: WorldScope, type: TaggableType, id: string): Promise<void> {
  const row = await db.selectFrom(type).select('id').where('id', '=', id).where('world_id', '=', scope.world.id).executeTakeFirst();
  if (!row || !(await isVisible(db, scope, type, id))) throw notFound(label(type));
}
