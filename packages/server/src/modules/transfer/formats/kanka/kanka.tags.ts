/**
 * The Kanka tags module (kanka.mapping.ts): a public tag goes on the characters, items, quests and events that
 * carry it (a private one is reported, as tags show to every reader); the tags' and races' own text is reported.
 */
import type { KankaContext, TaggedType } from './kanka.context.js';

/** Puts the Kanka tags on the entities that carry them. */
export function mapTags(context: KankaContext): void {
  const { report } = context;
  for (const mapped of context.byEntity.values()) {
    if (!mapped.id || !mapped.type || mapped.type === 'mapPoint') {
      if (mapped.file.record.entity.entityTags.length > 0 && mapped.module !== 'tags')
        report.add(
          `${mapped.file.path}#entity.entityTags`,
          `the tags of this ${mapped.module.replace(/s$/, '')} were not kept: Loreforge tags characters, items, quests and events`,
        );
      continue;
    }
    for (const link of mapped.file.record.entity.entityTags) {
      const tag = context.byModel('tags', link.tag_id);
      if (!tag) continue;
      if (tag.visibility === 'editors') {
        report.add(
          `${mapped.file.path}#entity.entityTags`,
          `the private tag ${tag.name} was not put on ${mapped.name}: tags show to every reader`,
        );
        continue;
      }
      context.addTag(mapped.type as TaggedType, mapped.id, tag.name, mapped.file.path);
    }
  }
  for (const mapped of context.of('tags', 'races')) {
    if (context.entryOf(mapped.file) !== '') {
      report.add(
        mapped.file.path,
        `the ${mapped.module === 'tags' ? 'tag' : 'race'}'s own text was not kept: it became a tag on the entities that carry it`,
      );
    }
  }
}
