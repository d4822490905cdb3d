/**
 * A Kanka campaign export mapped to a Loreforge bundle (issue 13 "Ways in from other tools";
 * docs/export-format.md "Kanka campaign import" lists every rule). Works on parsed JSON only; reading the archive
 * is kanka.importer.ts's job. Each Kanka module is mapped in a file of its own, in this order (later modules
 * name what earlier ones made):
 *
 * - calendars (kanka.calendars.ts), then locations as points of one generated map "Locations"
 *   (kanka.locations.ts), characters and items (kanka.characters.ts, kanka.items.ts, with kanka.attributes.ts);
 * - events on the timelines of their calendars or a Gregorian one (kanka.events.ts), quests with their elements
 *   as connections (kanka.quests.ts), relations as relationships or connections (kanka.relations.ts),
 *   inventories (kanka.inventories.ts), families and organisations as connections and tags (kanka.groups.ts),
 *   and the tags module (kanka.tags.ts).
 *
 * Mentions `[character:123|text]` become Loreforge mentions and private entities, relations, attributes and
 * memberships become secrets (kanka.context.ts). Everything else is listed.
 */
import type { Bundle, NotMapped } from '@loreforge/contract';
import { htmlToText } from '../shared/html-text.js';
import { clampName, clampText, formatId } from '../shared/records.js';
import { mapCalendars } from './kanka.calendars.js';
import { mapCharacter } from './kanka.characters.js';
import { KankaContext } from './kanka.context.js';
import { mapEvents } from './kanka.events.js';
import { mapGroups } from './kanka.groups.js';
import { mapInventories } from './kanka.inventories.js';
import { mapItem } from './kanka.items.js';
import { mapLocations } from './kanka.locations.js';
import type { KankaFile } from './kanka.model.js';
import { mapQuests } from './kanka.quests.js';
import { mapRelations } from './kanka.relations.js';
import { KankaCampaignSchema } from './kanka.source.js';
import { mapTags } from './kanka.tags.js';

export type { KankaFile } from './kanka.model.js';

/**
 * Maps a parsed Kanka export.
 * @param campaignJson `campaign.json`, parsed.
 * @param files every module file, parsed and checked against KankaModuleFileSchema.
 * @param otherPaths every other path of the archive (images, settings, unknown folders), to be listed.
 * @returns the bundle (ids are new UUIDs; mentions and references use them) and what could not be mapped.
 */
export function mapKankaExport(
  campaignJson: unknown,
  files: readonly KankaFile[],
  otherPaths: readonly string[],
): { bundle: Bundle; notMapped: NotMapped[] } {
  const context = new KankaContext(files, otherPaths);
  const { entities, now } = context;
  const campaign = KankaCampaignSchema.safeParse(campaignJson);
  const campaignData = campaign.success ? campaign.data : { name: null, entry: null, excerpt: null };

  const calendars = mapCalendars(context);
  mapLocations(context);
  for (const mapped of context.of('characters', 'items')) {
    if (mapped.module === 'characters') mapCharacter(context, mapped);
    else mapItem(context, mapped);
  }
  mapEvents(context, calendars);
  mapQuests(context);
  mapRelations(context);
  mapInventories(context);
  mapGroups(context);
  context.flushConnections();
  mapTags(context);
  context.flushTags();

  const worldText = htmlToText(campaignData.entry ?? campaignData.excerpt);
  return {
    bundle: {
      world: {
        worldId: formatId('kanka', 'world'),
        name: clampName(campaignData.name, 'Kanka campaign'),
        description: clampText(worldText),
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      },
      entities,
    },
    notMapped: context.report.list(),
  };
}
