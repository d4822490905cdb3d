/**
 * The Markdown vault exporter (issue 13; docs/export-format.md "Markdown vault"): an Obsidian-style vault with a
 * folder per entity type and one note per entity. Each note starts with YAML frontmatter (id, type, the entity's
 * fields) written by the `yaml` library, then the description and sections whose `[[wiki links]]` join the notes:
 * relationships, inventory, goals, connections, location, points of a map, events of a timeline. Mentions in
 * descriptions become wiki links too. Map images sit beside their map's note. File names are safe on every OS
 * and unique per folder (see shared/file-names.ts).
 */
import { stringify } from 'yaml';
import type { Bundle, BundleEntities } from '@loreforge/contract';
import type { ExportFile, WorldExporter } from '../../transfer.formats.js';
import { safeFileBase, UniqueNames } from '../shared/file-names.js';
import { replaceMentions } from '../shared/mentions.js';

/** Folder of each entity type in the vault. */
export const VAULT_FOLDERS = {
  character: 'Characters',
  item: 'Items',
  point: 'Places',
  map: 'Maps',
  timeline: 'Timelines',
  event: 'Events',
  quest: 'Quests',
  goal: 'Goals',
  calendar: 'Calendars',
} as const;
type NoteType = keyof typeof VAULT_FOLDERS;

const IMAGE_EXTENSIONS: Record<string, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/webp': '.webp' };

/** A note's name for wiki links: characters wiki links cannot hold are left out too. */
const noteBase = (name: string) => safeFileBase(name.replace(/[[\]#^|]/g, ' '), 'Untitled');

/**
 * Gives every entity its note path before any note is written, so links resolve whatever the order.
 * @returns entity id → vault path without `.md` (what a wiki link names).
 */
function planNotes(entities: BundleEntities, names: UniqueNames): Map<string, { path: string; name: string }> {
  const plan = new Map<string, { path: string; name: string }>();
  const add = (type: NoteType, id: string, name: string) => {
    const path = names.take(VAULT_FOLDERS[type], noteBase(name), '.md').slice(0, -'.md'.length);
    plan.set(id, { path, name });
  };
  entities.characters.forEach((entity) => add('character', entity.characterId, entity.name));
  entities.items.forEach((entity) => add('item', entity.itemId, entity.name));
  entities.mapPoints.forEach((entity) => add('point', entity.pointId, entity.name));
  entities.maps.forEach((entity) => add('map', entity.mapId, entity.name));
  entities.timelines.forEach((entity) => add('timeline', entity.timelineId, entity.name));
  entities.events.forEach((entity) => add('event', entity.eventId, entity.name));
  entities.quests.forEach((entity) => add('quest', entity.questId, entity.name));
  entities.goals.forEach((entity) => add('goal', entity.goalId, entity.title));
  entities.calendars.forEach((entity) => add('calendar', entity.calendarId, entity.name));
  return plan;
}

/**
 * Writes the vault for a bundle (already filtered to what the reader may see).
 * @param images map image bytes by each map record's `image.path`.
 * @returns the notes (UTF-8 Markdown) and images; `<world name>.md` at the top is the index.
 */
export function* writeMarkdownVault(bundle: Bundle, images: ReadonlyMap<string, Uint8Array>): Generator<ExportFile> {
  const { world, entities } = bundle;
  const names = new UniqueNames();
  const indexPath = names.take('', noteBase(world.name), '.md');
  const plan = planNotes(entities, names);
  const link = (id: string | null | undefined, label?: string): string => {
    const note = id ? plan.get(id) : undefined;
    if (!note) return label ?? 'unknown';
    const shown = (label ?? note.name).replace(/[[\]|]/g, ' ');
    return `[[${note.path}|${shown}]]`;
  };
  /** A link to the note of an optional reference, or null when there is none. */
  const linkOrNull = (id: string | null | undefined): string | null => (id ? link(id) : null);
  const text = (value: string | null) =>
    replaceMentions(value ?? '', (mention) => (plan.has(mention.id) ? link(mention.id, mention.label) : mention.label));
  const tags = new Map(entities.tags.map((entry) => [entry.entityId, entry.tags]));
  const note = (id: string, frontmatter: Record<string, unknown>, sections: Array<[string, string[]]>, body: string | null): ExportFile => {
    const { path, name } = plan.get(id) ?? { path: id, name: id };
    const head = stringify({ id, ...frontmatter, ...(tags.get(id)?.length ? { tags: tags.get(id) } : {}) }, { lineWidth: 0 });
    const parts = [`---\n${head}---`, `# ${name}`];
    if (body && body.trim() !== '') parts.push(text(body));
    for (const [title, lines] of sections) if (lines.length > 0) parts.push(`## ${title}\n\n${lines.join('\n')}`);
    return { path: `${path}.md`, data: `${parts.join('\n\n')}\n` };
  };
  const access = (record: { visibility: string; gmNotes: string | null; createdAt: string; updatedAt: string }) => ({
    visibility: record.visibility,
    ...(record.gmNotes ? { gmNotes: record.gmNotes } : {}),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  });
  const connectionsOf = (id: string) =>
    entities.connections.flatMap((connection) => {
      if (connection.sourceId === id)
        return [
          `- ${connection.connectionType} → ${link(connection.targetId)}${connection.description ? `: ${oneLine(text(connection.description))}` : ''}`,
        ];
      if (connection.targetId === id)
        return [
          `- ${connection.connectionType} ← ${link(connection.sourceId)}${connection.description ? `: ${oneLine(text(connection.description))}` : ''}`,
        ];
      return [];
    });

  const index: string[] = [];
  for (const character of entities.characters) {
    const relationships = entities.relationships.filter((relationship) => relationship.characterId === character.characterId);
    const inventory = entities.inventory.filter((line) => line.characterId === character.characterId);
    const goals = entities.goals.filter((goal) => goal.characterId === character.characterId);
    yield note(
      character.characterId,
      {
        type: 'character',
        name: character.name,
        attributes: character.attributes,
        currentLocation: linkOrNull(character.currentLocationId),
        activeQuests: character.activeQuests.map((id) => link(id)),
        ...access(character),
      },
      [
        ['Location', character.currentLocationId ? [`- ${link(character.currentLocationId)}`] : []],
        [
          'Relationships',
          relationships.map(
            (relationship) =>
              `- ${relationship.relationshipType} → ${link(relationship.targetCharacterId)} (affinity ${relationship.affinity}, trust ${relationship.trustLevel})${relationship.description ? `: ${oneLine(text(relationship.description))}` : ''}`,
          ),
        ],
        [
          'Inventory',
          inventory.map(
            (line) =>
              `- ${link(line.itemId)} × ${line.quantity}${line.equipped ? ' (equipped)' : ''}${line.notes ? ` — ${oneLine(line.notes)}` : ''}`,
          ),
        ],
        ['Goals', goals.map((goal) => `- ${link(goal.goalId)} (${goal.status})`)],
        ['Connections', connectionsOf(character.characterId)],
      ],
      character.description,
    );
    index.push(`- ${link(character.characterId)}`);
  }
  for (const item of entities.items) {
    const holders = entities.inventory.filter((line) => line.itemId === item.itemId);
    yield note(
      item.itemId,
      { type: 'item', name: item.name, properties: item.properties, attributes: item.attributes, ...access(item) },
      [
        ['Held by', holders.map((line) => `- ${link(line.characterId)} × ${line.quantity}`)],
        ['Connections', connectionsOf(item.itemId)],
      ],
      item.description,
    );
  }
  for (const map of entities.maps) {
    const bytes = map.image ? images.get(map.image.path) : undefined;
    let imageLine: string[] = [];
    if (map.image && bytes) {
      const imagePath = names.take(VAULT_FOLDERS.map, noteBase(map.name), IMAGE_EXTENSIONS[map.image.contentType] ?? '.png');
      yield { path: imagePath, data: bytes };
      imageLine = [`![[${imagePath}]]`];
    }
    const points = entities.mapPoints.filter((point) => point.mapId === map.mapId);
    const areas = entities.mapAreas.filter((area) => area.mapId === map.mapId);
    yield note(
      map.mapId,
      { type: 'map', name: map.name, ...access(map) },
      [
        ['Image', imageLine],
        ['Points', points.map((point) => `- ${link(point.pointId)} at (${point.x}, ${point.y})`)],
        [
          'Areas',
          areas.map(
            (area) =>
              `- ${area.name} (${area.color}, ${area.polygon.length} corners)${area.description ? `: ${oneLine(text(area.description))}` : ''}`,
          ),
        ],
        ['Connections', connectionsOf(map.mapId)],
      ],
      map.description,
    );
  }
  for (const point of entities.mapPoints) {
    const here = entities.characters.filter((character) => character.currentLocationId === point.pointId);
    yield note(
      point.pointId,
      {
        type: 'mapPoint',
        name: point.name,
        map: link(point.mapId),
        x: point.x,
        y: point.y,
        entity: linkOrNull(point.entity?.id),
        ...access(point),
      },
      [
        ['On map', [`- ${link(point.mapId)}`]],
        ['Marks', point.entity ? [`- ${link(point.entity.id)}`] : []],
        ['Characters here', here.map((character) => `- ${link(character.characterId)}`)],
      ],
      point.description,
    );
  }
  for (const timeline of entities.timelines) {
    const events = entities.events
      .filter((event) => event.timelineId === timeline.timelineId)
      .sort((a, b) => compareInstants(a.instant, b.instant));
    yield note(
      timeline.timelineId,
      {
        type: 'timeline',
        name: timeline.name,
        calendar: timeline.calendarId ? link(timeline.calendarId) : 'Gregorian',
        currentDateTime: timeline.currentDateTime,
        currentInstant: timeline.currentInstant,
        parentTimeline: linkOrNull(timeline.parentTimelineId),
        branchingEvent: linkOrNull(timeline.branchingEvent),
        ...access(timeline),
      },
      [['Events', events.map((event) => `- ${event.dateTime ?? `instant ${event.instant ?? '?'}`}: ${link(event.eventId)}`)]],
      timeline.description,
    );
    index.push(`- ${link(timeline.timelineId)}`);
  }
  for (const event of entities.events) {
    yield note(
      event.eventId,
      {
        type: 'event',
        name: event.name,
        timeline: linkOrNull(event.timelineId),
        dateTime: event.dateTime,
        instant: event.instant,
        characterAttributeChanges: event.characterAttributeChanges,
        inventoryChanges: event.inventoryChanges,
        relationshipChanges: event.relationshipChanges,
        childTimeline: linkOrNull(event.childTimelineId),
        ...access(event),
      },
      [['Connections', connectionsOf(event.eventId)]],
      event.description,
    );
  }
  for (const quest of entities.quests) {
    const objectives = entities.objectives.filter((objective) => objective.questId === quest.questId);
    yield note(
      quest.questId,
      {
        type: 'quest',
        name: quest.name,
        status: quest.status,
        isOptional: quest.isOptional,
        difficulty: quest.difficulty,
        ...access(quest),
      },
      [
        [
          'Objectives',
          objectives.map(
            (objective) =>
              `- [${objective.progress >= objective.target ? 'x' : ' '}] ${oneLine(objective.description)} (${objective.progress}/${objective.target}${objective.isOptional ? ', optional' : ''})`,
          ),
        ],
        [
          'Pursued by',
          entities.characters
            .filter((character) => character.activeQuests.includes(quest.questId))
            .map((character) => `- ${link(character.characterId)}`),
        ],
        ['Connections', connectionsOf(quest.questId)],
      ],
      quest.description,
    );
    index.push(`- ${link(quest.questId)}`);
  }
  for (const goal of entities.goals) {
    yield note(
      goal.goalId,
      {
        type: 'goal',
        name: goal.title,
        character: linkOrNull(goal.characterId),
        goalType: goal.goalType,
        status: goal.status,
        targetDateTime: goal.targetDateTime,
        notes: goal.notes,
        ...access(goal),
      },
      [['Connections', connectionsOf(goal.goalId)]],
      goal.description,
    );
  }
  for (const calendar of entities.calendars) {
    yield note(
      calendar.calendarId,
      {
        type: 'calendar',
        name: calendar.name,
        definition: calendar.definition,
        createdAt: calendar.createdAt,
        updatedAt: calendar.updatedAt,
      },
      [
        [
          'Months',
          calendar.definition.months.map((month) => `- ${month.name}: ${month.days} days${month.intercalary ? ' (intercalary)' : ''}`),
        ],
      ],
      calendar.description,
    );
  }
  const head = stringify(
    { id: world.worldId, type: 'world', name: world.name, createdAt: world.createdAt, updatedAt: world.updatedAt },
    { lineWidth: 0 },
  );
  const counts = Object.entries(VAULT_FOLDERS).map(
    ([type, folder]) => `- ${folder}/ (${type === 'point' ? entities.mapPoints.length : countOf(entities, type as NoteType)})`,
  );
  yield {
    path: indexPath,
    data: `---\n${head}---\n\n# ${world.name}\n\n${text(world.description)}\n\n## Folders\n\n${counts.join('\n')}\n\n## Start here\n\n${index.join('\n')}\n`,
  };
}

/** Text on one line: its lines trimmed, blank ones dropped, joined with spaces. */
const oneLine = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');

function compareInstants(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return BigInt(a) < BigInt(b) ? -1 : 1;
}

function countOf(entities: BundleEntities, type: NoteType): number {
  const lists: Record<NoteType, unknown[]> = {
    character: entities.characters,
    item: entities.items,
    point: entities.mapPoints,
    map: entities.maps,
    timeline: entities.timelines,
    event: entities.events,
    quest: entities.quests,
    goal: entities.goals,
    calendar: entities.calendars,
  };
  return lists[type].length;
}

/** Registered in transfer.registry.ts (`?format=markdown`). */
export const markdownExporter: WorldExporter = {
  format: 'markdown',
  fromBundle: writeMarkdownVault,
};
