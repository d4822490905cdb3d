/**
 * Kanka quests (kanka.mapping.ts): a Loreforge quest each (completed or active), its instigator and its elements
 * as connections to what they name; an element a connection cannot reach is reported.
 */
import { accessFields, clampText } from '../shared/records.js';
import { appendAttributes } from './kanka.attributes.js';
import type { KankaContext } from './kanka.context.js';
import { type ConnectableMapped, connectable, idOf, nonEmpty, secretIf } from './kanka.model.js';
import { isKankaPublic } from './kanka.source.js';

/** Maps every Kanka quest into `context.entities.quests`, and its instigator and elements into connections. */
export function mapQuests(context: KankaContext): void {
  const { report } = context;
  for (const mapped of context.of('quests')) {
    const file = mapped.file;
    context.reportLeftovers(file);
    if (file.record.entity.status_id !== null && file.record.entity.status_id !== undefined && file.record.is_completed === undefined) {
      report.add(
        `${file.path}#entity.status_id`,
        "the quest's campaign status was not kept (it names a status of the Kanka campaign); the quest is active",
      );
    }
    const completed = file.record.is_completed === true || Number(file.record.is_completed) === 1;
    context.entities.quests.push({
      questId: idOf(mapped),
      name: mapped.name,
      description: clampText(appendAttributes(context, context.entryOf(file), file)),
      status: completed ? 'completed' : 'active',
      isOptional: false,
      difficulty: null,
      ...accessFields(mapped.visibility),
      ...context.timestampsOf(file),
    });
    const quest = mapped as ConnectableMapped;
    const { createdAt } = context.timestampsOf(file);
    const instigatorId = Number(file.record.instigator_id ?? 0);
    const instigator = context.byEntity.get(instigatorId);
    if (connectable(instigator))
      context.connect(
        instigator,
        quest,
        'instigator of',
        null,
        secretIf(mapped.visibility === 'editors', instigator.visibility === 'editors'),
        createdAt,
      );
    else if (instigatorId > 0)
      report.add(
        `${file.path}#instigator_id`,
        `the instigator (${instigator?.name ?? `entity ${instigatorId}`}) is not something a connection can join`,
      );
    file.record.elements.forEach((element, index) => {
      const target = element.entity_id !== null && element.entity_id !== undefined ? context.byEntity.get(element.entity_id) : undefined;
      if (!connectable(target)) {
        report.add(
          `${file.path}#elements/${index}`,
          `the quest element ${element.name ?? target?.name ?? ''} is not something a connection can join (${target ? `a Kanka ${target.module.replace(/s$/, '')}` : 'no imported entity'})`.replace(
            '  ',
            ' ',
          ),
        );
        return;
      }
      context.connect(
        quest,
        target,
        nonEmpty(element.role) ?? 'involves',
        context.text(element.entry, file.path),
        secretIf(mapped.visibility === 'editors', target.visibility === 'editors', !isKankaPublic(element.visibility_id)),
        createdAt,
      );
    });
  }
}
