/**
 * The shapes every part of the Kanka mapping shares (kanka.mapping.ts): a parsed module file, the modules
 * Loreforge maps, what one Kanka entity became in the first pass, and small pure helpers on them.
 */
import type { ConnectableType, Visibility } from '@loreforge/contract';
import { formatId } from '../shared/records.js';
import type { KankaModuleFile, KankaModuleLists } from './kanka.source.js';

/** One module file of the export, parsed. */
export interface KankaFile {
  /** Path in the archive, e.g. `characters/dorothy-gale_1001.json`. */
  path: string;
  /** Its folder: the module (`characters`, `families`, …). */
  module: string;
  record: KankaModuleFile & KankaModuleLists & Record<string, unknown>;
}

/** Modules Loreforge maps, by folder name. */
export const KANKA_MAPPED_MODULES = [
  'characters',
  'items',
  'locations',
  'families',
  'organisations',
  'events',
  'calendars',
  'quests',
  'tags',
  'races',
] as const;
export type MappedModule = (typeof KANKA_MAPPED_MODULES)[number];

/** Why a module Loreforge has no counterpart for is left out. */
export const UNMAPPED_MODULE_REASONS: Record<string, string> = {
  notes: 'Kanka notes have no counterpart in Loreforge (a world has no free-standing notes)',
  journals: 'Kanka journals have no counterpart in Loreforge',
  abilities: 'Kanka abilities have no counterpart in Loreforge',
  creatures: 'Kanka creatures have no counterpart in Loreforge',
  maps: 'Kanka maps are not imported (their images and layers live in the gallery); the locations are on the generated map "Locations"',
  timelines: 'Kanka timelines (eras and elements) are not imported; dated events are on the timelines made from their calendars',
  conversations: 'Kanka conversations have no counterpart in Loreforge',
  dice_rolls: 'Kanka dice rolls have no counterpart in Loreforge',
  attribute_templates: 'Kanka attribute templates have no counterpart in Loreforge',
  bookmarks: 'Kanka bookmarks have no counterpart in Loreforge',
  relations: "relations are read from each entity's own file",
};

/** Kanka module → the Loreforge type an entity of it becomes, for mentions, relations and quest elements. */
export const CONNECTABLE_OF: Partial<Record<MappedModule, ConnectableType>> = {
  characters: 'character',
  items: 'item',
  events: 'event',
  quests: 'quest',
};

/** What one Kanka entity became. */
export interface Mapped {
  module: MappedModule;
  name: string;
  /** Its bundle id, when it became an entity of its own. */
  id: string | null;
  type: ConnectableType | 'mapPoint' | null;
  file: KankaFile;
  visibility: Visibility;
}

/** A mapped entity that became a connectable entity of its own (a character, item, event or quest). */
export type ConnectableMapped = Mapped & { id: string };

/** The key of a Kanka record by its module and its model id (`location_id`, `family_id`, … name these). */
export const modelKey = (module: string, id: unknown): string => `${module}:${String(id)}`;

/** The bundle id of an entity of a module that makes entities of its own (set in the first pass). */
export const idOf = (mapped: Mapped): string => mapped.id ?? formatId('kanka', 'entity', mapped.file.record.entity.id);

/** Trimmed text, or null when there is none. */
export const nonEmpty = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

/** Whether a mapped entity became a character. */
export const isCharacters = (mapped: Mapped | undefined): mapped is ConnectableMapped => mapped?.type === 'character' && mapped.id !== null;

/** Whether a mapped entity became something a connection can join. */
export const connectable = (mapped: Mapped | undefined): mapped is ConnectableMapped =>
  typeof mapped?.id === 'string' && mapped.type !== null && mapped.type !== 'mapPoint';

/** 'editors' when any of the conditions hides the record, else 'everyone'. */
export const secretIf = (...hidden: boolean[]): Visibility => (hidden.some(Boolean) ? 'editors' : 'everyone');

/**
 * Reads a timestamp of the export, or now.
 * @returns ISO 8601 UTC.
 */
export function timestamp(value: unknown, now: string): string {
  if (typeof value !== 'string') return now;
  const time = Date.parse(value);
  return Number.isNaN(time) ? now : new Date(time).toISOString();
}
