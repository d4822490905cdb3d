import type { HtmlTagDescriptor, Plugin } from 'vite';
import { FIRST_SCREENS_ELEMENT_ID, type FirstScreen, type FirstScreenFiles } from './src/first-screen-hints';

/** Which modules start a first page, as paths below the web package (e.g. `src/app-entry.tsx`). */
export interface FirstLoadOptions {
  /** The modules the entry imports to start a first page, one of which every first page loads (landing, app). */
  entries: string[];
  /** Per first screen, the modules it loads besides the entry: its chunks are listed in index.html for the entry. */
  screens: Record<FirstScreen, string[]>;
}

/**
 * Writes into index.html what a first page needs before the entry has run, so the browser asks for it at once:
 * - a `modulepreload` (and the style sheets) of every chunk that each of `entries` needs, React DOM among them:
 *   every first page loads them, so the landing page's bytes do not change;
 * - per first screen of `screens`, the files its chunks need besides those, as a JSON data block that the entry
 *   (`src/first-screen.ts`) turns into `modulepreload` links when the page's address is that screen's.
 * The route modules stay where they are in the module graph, so the chunks are the same as without the hints.
 * @returns a build-only Vite plugin.
 */
export function firstLoadHints(options: FirstLoadOptions): Plugin {
  let base = '/';
  return {
    name: 'loreforge-first-load-hints',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        /** The file of the chunk holding a module, e.g. `assets/app-entry-abc.js`. */
        const chunkOf = (module: string): string => {
          const found = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(`/${module}`)));
          if (!found) throw new Error(`first-load-hints: no chunk holds ${module}`);
          return found.fileName;
        };
        /** A chunk and every chunk it imports statically, in load order (dependencies first). */
        const closure = (file: string, seen = new Set<string>()): Set<string> => {
          const output = bundle[file];
          if (output?.type !== 'chunk' || seen.has(file)) return seen;
          for (const dependency of output.imports) closure(dependency, seen);
          seen.add(file);
          return seen;
        };
        const withStyles = (files: string[]): string[] =>
          files.flatMap((file) => {
            const output = bundle[file];
            return [...(output?.type === 'chunk' ? [...(output.viteMetadata?.importedCss ?? [])] : []), file];
          });

        const loaded = closure(chunk.fileName);
        const entryClosures = options.entries.map((module) => closure(chunkOf(module)));
        const shared = [...(entryClosures[0] ?? [])].filter((file) => !loaded.has(file) && entryClosures.every((set) => set.has(file)));
        const preloaded = new Set([...loaded, ...shared]);
        const screens: FirstScreenFiles = {};
        for (const [screen, modules] of Object.entries(options.screens) as Array<[FirstScreen, string[]]>) {
          const files = new Set<string>();
          for (const module of modules) for (const file of closure(chunkOf(module))) if (!preloaded.has(file)) files.add(file);
          screens[screen] = withStyles([...files]).map((file) => `${base}${file}`);
        }

        const tags: HtmlTagDescriptor[] = withStyles(shared).map((file) => ({
          tag: 'link',
          attrs: file.endsWith('.css')
            ? { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` }
            : { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head',
        }));
        tags.push({
          tag: 'script',
          attrs: { type: 'application/json', id: FIRST_SCREENS_ELEMENT_ID },
          children: JSON.stringify(screens),
          injectTo: 'head',
        });
        return tags;
      },
    },
  };
}
