import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Modules that bring the form library, zod's form resolver and the rich-text editor (the app's largest chunk). */
const EDITOR_MODULES = ['components/form/GenericForm.tsx', 'components/rich-text/RichTextEditor.tsx'];

/** Resolves a relative import the way the build does (extension optional, `.js` written for `.ts`). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/**
 * The chain of static imports from `entry` to the first module of `targets` it reaches, or null when it reaches
 * none. Type-only imports and `import()` are not followed: the build erases the first and splits the second off.
 */
function staticChain(entry: string, targets: string[]): string[] | null {
  const from = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const wanted = new Set(targets.map((target) => path.join(SRC, target)));
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (wanted.has(file)) {
      const chain: string[] = [];
      for (let at: string | null | undefined = file; at; at = from.get(at)) chain.unshift(path.relative(SRC, at));
      return chain;
    }
    const source = fs.readFileSync(file, 'utf8');
    const specifiers = [
      ...source.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+['"]([^'"]+)['"]/gms),
      ...source.matchAll(/^import\s+['"]([^'"]+)['"]/gm),
    ].flatMap((match) => (match[1] === undefined ? [] : [match[1]]));
    for (const specifier of specifiers) {
      const next = resolveImport(file, specifier);
      if (next && !from.has(next)) {
        from.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/**
 * Pages a reader opens to read (a world, its lists, a timeline, a character, an item, a map, a quest) and the modules their routes
 * load: none may bring the editor before someone asks for a form, or every visit downloads and runs it first.
 */
const READING_PAGES = {
  'the world page': 'screens/worlds/WorldScreen.tsx',
  "the world's details": 'screens/worlds/WorldDetailsTab.tsx',
  'the characters list': 'screens/characters/characters-tab/CharactersTab.tsx',
  'the items list': 'screens/items/items-tab/ItemsTab.tsx',
  'the events list': 'screens/events/EventsTab.tsx',
  'the timelines list': 'screens/timelines/TimelinesTab.tsx',
  'the maps list': 'screens/maps/MapsTab.tsx',
  'a timeline': 'screens/timelines/TimelineScreen.tsx',
  "a character's page": 'screens/characters/character-detail/CharacterScreen.tsx',
  "a character's details": 'screens/characters/character-detail/CharacterDetailsPage.tsx',
  "an item's page": 'screens/items/item-detail/ItemScreen.tsx',
  "an item's details": 'screens/items/item-detail/ItemDetailsPage.tsx',
  'a map': 'screens/maps/MapScreen.tsx',
  'the quests list': 'screens/quests/QuestListScreen.tsx',
  "a quest's page": 'screens/quests/QuestDetailScreen.tsx',
};

describe('what a reading page loads before its first screen', () => {
  it.each(Object.entries(READING_PAGES))('%s loads no form or rich-text editor until one is asked for', (_page, module) => {
    expect(staticChain(path.join(SRC, module), EDITOR_MODULES)).toBeNull();
  });

  it('a timeline loads no form schema: the connections panel takes its labels from a module without zod', () => {
    expect(staticChain(path.join(SRC, READING_PAGES['a timeline']), ['components/connections/connection-form.ts'])).toBeNull();
  });

  it('sees the editor where a page does load it (the check follows imports)', () => {
    expect(staticChain(path.join(SRC, 'screens/characters/character-detail/CharacterPages.tsx'), EDITOR_MODULES)).toEqual(
      expect.arrayContaining(['screens/characters/character-detail/CharacterPages.tsx', 'components/form/GenericForm.tsx']),
    );
  });
});

describe('the routes', () => {
  it('import each reading page from its own module, not from a route module that also holds forms', () => {
    const routes = ['routes/world-routes.tsx', 'routes/character-routes.tsx', 'routes/item-routes.tsx', 'routes/router.tsx']
      .map((file) => fs.readFileSync(path.join(SRC, file), 'utf8'))
      .join('\n');
    for (const module of Object.values(READING_PAGES).filter((file) => !file.startsWith('screens/worlds/WorldScreen'))) {
      const specifier = `screens/${module.replace(/^screens\//, '').replace(/\.tsx$/, '')}'`;
      expect(routes, module).toContain(specifier);
    }
  });
});
