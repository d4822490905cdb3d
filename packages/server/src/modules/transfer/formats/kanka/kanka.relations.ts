/**
 * Kanka relations (kanka.mapping.ts): between two characters a relationship (attitude −100…100 → affinity, one
 * per ordered pair), between other connectable entities a connection; any other relation is reported.
 */
import { type BundleRecord, LIMITS } from '@loreforge/contract';
import { relationshipTypeOf } from '../shared/relationship-types.js';
import { accessFields, clampInt, clampText, formatId, RELATIONSHIP_DETAIL_DEFAULTS } from '../shared/records.js';
import type { KankaContext } from './kanka.context.js';
import { type Mapped, connectable, isCharacters, nonEmpty, secretIf, timestamp } from './kanka.model.js';
import { isKankaPublic } from './kanka.source.js';

/** Maps every entity's relations into `context.entities.relationships` or connections. */
export function mapRelations(context: KankaContext): void {
  const { report, now } = context;
  const relationships = new Map<string, BundleRecord<'relationships'>>();
  for (const mapped of context.byEntity.values()) {
    const file = mapped.file;
    file.record.entity.relationships.forEach((relation, index) => {
      const where = `${file.path}#entity.relationships/${index}`;
      const target = context.byEntity.get(relation.target_id);
      const label = nonEmpty(relation.relation) ?? 'related to';
      const hidden = !isKankaPublic(relation.visibility_id);
      const affinity = clampInt(relation.attitude, LIMITS.relationshipScoreMin, LIMITS.relationshipScoreMax, 0);
      const createdAt = timestamp(relation.created_at, now);
      if (isCharacters(mapped) && isCharacters(target)) {
        if (mapped.id === target.id) {
          report.add(where, `the relation "${label}" of ${mapped.name} to itself was not kept`);
          return;
        }
        const key = `${mapped.id}>${target.id}`;
        if (relationships.has(key)) {
          report.add(
            where,
            `a second relation "${label}" from ${mapped.name} to ${target.name} was not kept: Loreforge holds one relationship per pair`,
          );
          return;
        }
        relationships.set(key, {
          relationshipId: formatId('kanka', 'relation', relation.id ?? key),
          characterId: mapped.id,
          targetCharacterId: target.id,
          relationshipType: relationshipTypeOf(label),
          description: clampText(label),
          affinity,
          ...RELATIONSHIP_DETAIL_DEFAULTS,
          ...accessFields(secretIf(hidden, mapped.visibility === 'editors', target.visibility === 'editors')),
          createdAt,
          updatedAt: createdAt,
        });
        return;
      }
      if (connectable(mapped) && connectable(target)) {
        context.connect(
          mapped,
          target,
          label,
          affinity !== 0 ? `Attitude ${affinity} (−100…100).` : null,
          secretIf(hidden, mapped.visibility === 'editors', target.visibility === 'editors'),
          createdAt,
        );
        return;
      }
      const what = (side: Mapped | undefined) =>
        side
          ? `${side.name} (a Kanka ${side.module.replace(/s$/, '').replace(/ie$/, 'y')})`
          : `entity ${relation.target_id}, which is not in the export`;
      report.add(
        where,
        `the relation "${label}" between ${what(mapped)} and ${what(target)} was not kept: relationships join characters, and connections cannot reach locations, families or organisations`,
      );
    });
  }
  context.entities.relationships.push(...relationships.values());
}
