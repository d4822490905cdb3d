/**
 * The state one Kanka mapping shares between its modules (kanka.mapping.ts): the bundle being filled, what could
 * not be mapped, every entity indexed by its entity id and by its model id (the first pass), and what more than
 * one module writes: entry text with mentions, timestamps, leftovers, tags and connections.
 */
import {
  emptyBundleEntities,
  LIMITS,
  TAG_MAX,
  TAGS_PER_ENTITY_MAX,
  type BundleEntities,
  type BundleRecord,
  type ConnectableType,
  type Visibility,
} from '@loreforge/contract';
import { htmlToText } from '../shared/html-text.js';
import { mentionText } from '../shared/mentions.js';
import { accessFields, clampName, clampText, formatId, NotMappedList } from '../shared/records.js';
import {
  CONNECTABLE_OF,
  type ConnectableMapped,
  KANKA_MAPPED_MODULES,
  type KankaFile,
  type Mapped,
  type MappedModule,
  modelKey,
  timestamp,
  UNMAPPED_MODULE_REASONS,
} from './kanka.model.js';

/** Kanka's mention codes: `[character:123]`, `[character:123|label]`, `[entity:123]`. */
// A label stops at the next bracket of either kind, so a scan from one `[` never runs past the next one (linear).
const KANKA_MENTION = /\[([a-z_]{1,40}):(\d{1,18})(?:\|([^[\]]{0,500}))?\]/g;

/** The Loreforge types a tag of the import lands on. */
export type TaggedType = 'character' | 'item' | 'quest' | 'event';

/** One Kanka mapping's shared state; the modules' functions fill `entities` through it. */
export class KankaContext {
  readonly now = new Date().toISOString();
  readonly report = new NotMappedList();
  readonly entities: BundleEntities = emptyBundleEntities();
  /** Every mapped entity by its Kanka entity id, in file order. */
  readonly byEntity = new Map<number, Mapped>();
  private readonly byModelKey = new Map<string, Mapped>();
  /** Tags by the id of the entity carrying them. */
  private readonly tagsOf = new Map<string, { entityType: TaggedType; tags: string[]; path: string }>();
  /** Connections by `source>target>type`, so a pair is connected once whatever the direction. */
  private readonly connections = new Map<string, BundleRecord<'connections'>>();

  /**
   * The first pass: lists every path that is no module file, and gives every entity of a mapped module its name,
   * id and visibility, so later references resolve.
   */
  constructor(files: readonly KankaFile[], otherPaths: readonly string[]) {
    for (const path of otherPaths) {
      const top = path.split('/')[0] ?? path;
      if (path === 'campaign.json') continue;
      if (top === 'gallery' || /\.(png|jpe?g|gif|webp|svg|avif)$/i.test(path))
        this.report.add(path, 'images are not imported: Loreforge keeps images only on maps');
      else if (top === 'settings' || path === 'info.json') this.report.add(path, 'campaign settings have no counterpart in Loreforge');
      else this.report.add(path, 'not part of a Kanka export Loreforge knows');
    }
    for (const file of files) {
      if (!(KANKA_MAPPED_MODULES as readonly string[]).includes(file.module)) {
        this.report.add(
          file.path,
          UNMAPPED_MODULE_REASONS[file.module] ?? `the Kanka module "${file.module}" has no counterpart in Loreforge`,
        );
        continue;
      }
      const module = file.module as MappedModule;
      const record = file.record;
      const name = clampName(record.entity.name ?? record.name, 'Untitled', LIMITS.nameMax);
      const visibility: Visibility = record.is_private || record.entity.is_private ? 'editors' : 'everyone';
      const connectable = CONNECTABLE_OF[module] ?? null;
      const id =
        connectable || module === 'calendars'
          ? formatId('kanka', 'entity', record.entity.id)
          : module === 'locations'
            ? formatId('kanka', 'point', record.entity.id)
            : null;
      const mapped: Mapped = { module, name, id, type: module === 'locations' ? 'mapPoint' : connectable, file, visibility };
      if (this.byEntity.has(record.entity.id)) {
        this.report.add(file.path, `entity ${record.entity.id} appears in more than one file; only the first was imported`);
        continue;
      }
      this.byEntity.set(record.entity.id, mapped);
      this.byModelKey.set(modelKey(module, record.id), mapped);
    }
  }

  /** The entity of a module with this model id (what `location_id`, `family_id`, … name), if mapped. */
  byModel(module: MappedModule, id: unknown): Mapped | undefined {
    return this.byModelKey.get(modelKey(module, id));
  }

  /** Every mapped entity of the modules given, in file order. */
  *of(...modules: MappedModule[]): Generator<Mapped> {
    for (const mapped of this.byEntity.values()) if (modules.includes(mapped.module)) yield mapped;
  }

  /**
   * Plain text of a Kanka entry, with mentions of imported entities as Loreforge mentions.
   * @param secretText whether only editors read the text (a secret's name may then be written in it).
   */
  text(html: string | null | undefined, where: string, secretText = false): string {
    const plain = htmlToText(html);
    return plain.replace(KANKA_MENTION, (_whole, _type: string, entityId: string, rawLabel: string | undefined) => {
      const target = this.byEntity.get(Number(entityId));
      const written = rawLabel && !/^[a-z_]+:/.test(rawLabel) ? rawLabel : null;
      // A secret's name is not written into text every reader sees; the link still names it for editors.
      const hideName = !written && !secretText && target?.visibility === 'editors';
      if (hideName) this.report.add(where, `a mention of the secret ${target.name} in text every reader sees reads "(secret)"`);
      const label = written ?? (hideName ? '(secret)' : (target?.name ?? `entity ${entityId}`));
      if (!target) {
        this.report.add(where, `a mention of entity ${entityId} names nothing in the export; its text "${label}" was kept without a link`);
        return label;
      }
      if (target.id && target.type && target.type !== 'mapPoint') return mentionText(target.type, target.id, label);
      return label;
    });
  }

  /** The entity's entry as plain text with mentions. */
  entryOf(file: KankaFile): string {
    return this.text(file.record.entity.entry ?? file.record.entry, file.path, file.record.is_private || file.record.entity.is_private);
  }

  /** The entity's creation and last update, or now. */
  timestampsOf(file: KankaFile): { createdAt: string; updatedAt: string } {
    return {
      createdAt: timestamp(file.record.entity.created_at ?? file.record.created_at, this.now),
      updatedAt: timestamp(file.record.entity.updated_at ?? file.record.updated_at, this.now),
    };
  }

  /** Lists the parts of an entity no Loreforge entity keeps: posts, abilities, attached files, its image. */
  reportLeftovers(file: KankaFile): void {
    const entity = file.record.entity;
    if (entity.posts.length > 0)
      this.report.add(
        `${file.path}#entity.posts`,
        `${entity.posts.length} post(s) were not imported: Loreforge entities have one description`,
      );
    if (entity.abilities.length > 0) this.report.add(`${file.path}#entity.abilities`, 'abilities have no counterpart in Loreforge');
    if (entity.assets.length > 0) this.report.add(`${file.path}#entity.assets`, 'attached files and links were not imported');
    if (entity.image_path || entity.image_uuid)
      this.report.add(`${file.path}#entity.image`, "the entity's image was not imported: Loreforge keeps images only on maps");
  }

  /** Puts a tag on an entity (once, case-insensitively; past TAGS_PER_ENTITY_MAX it is reported). */
  addTag(entityType: TaggedType, entityId: string, tag: string, path: string): void {
    const entry = this.tagsOf.get(entityId) ?? { entityType, tags: [], path };
    this.tagsOf.set(entityId, entry);
    const value = tag.trim().slice(0, TAG_MAX).trim();
    if (value === '' || entry.tags.some((existing) => existing.toLowerCase() === value.toLowerCase())) return;
    if (entry.tags.length >= TAGS_PER_ENTITY_MAX) {
      this.report.add(path, `the tag "${value}" was not kept: an entity carries at most ${TAGS_PER_ENTITY_MAX} tags`);
      return;
    }
    entry.tags.push(value);
  }

  /** Connects two entities unless they are connected by the same type already (in either direction). */
  connect(
    source: ConnectableMapped,
    target: ConnectableMapped,
    connectionType: string,
    description: string | null,
    visibility: Visibility,
    createdAt: string,
  ): void {
    const key = `${source.id}>${target.id}>${connectionType.toLowerCase()}`;
    const mirror = `${target.id}>${source.id}>${connectionType.toLowerCase()}`;
    if (this.connections.has(key) || this.connections.has(mirror)) return;
    this.connections.set(key, {
      connectionId: formatId('kanka', 'connection', key),
      sourceType: source.type as ConnectableType,
      sourceId: source.id,
      targetType: target.type as ConnectableType,
      targetId: target.id,
      connectionType: clampName(connectionType, 'related to'),
      description: clampText(description),
      ...accessFields(visibility),
      createdAt,
      updatedAt: createdAt,
    });
  }

  /** Moves the connections made so far into the bundle. */
  flushConnections(): void {
    this.entities.connections.push(...this.connections.values());
  }

  /** Moves the tags into the bundle. */
  flushTags(): void {
    for (const [entityId, entry] of this.tagsOf) {
      if (entry.tags.length > 0) this.entities.tags.push({ entityType: entry.entityType, entityId, tags: entry.tags });
    }
  }
}
