import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * The modules `entry` reaches by static value imports (type-only imports are erased by the build), with the
 * bare package names they import. Relative specifiers are written `./x.js` for `./x.ts`.
 */
function reach(entry: string): { modules: string[]; packages: string[] } {
  const seen = new Set([entry]);
  const packages = new Set<string>();
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+['"]([^'"]+)['"]/gms)) {
      const specifier = match[1] ?? '';
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const next = path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return { modules: [...seen].map((file) => path.relative(HERE, file)), packages: [...packages] };
}

/**
 * Reading and writing dates runs on every timeline page in the browser. It must not load zod and the calendar's
 * schemas, which cost a page tens of kilobytes and milliseconds of script before its first events show.
 */
describe('the calendar arithmetic a page runs to read dates', () => {
  it.each(['calendar.month.ts', 'calendar.iso.ts', 'calendar.describe.ts', 'calendar.date.ts', 'calendar.presets.ts'])(
    '%s loads no schema',
    (module) => {
      const { modules, packages } = reach(path.join(HERE, module));
      expect(packages).toEqual([]);
      expect(modules).not.toContain('calendar.model.ts');
    },
  );

  it('sees zod where a module does load it (the check follows imports)', () => {
    const { modules, packages } = reach(path.join(HERE, 'calendar.api.ts'));
    expect(packages).toContain('zod');
    expect(modules).toEqual(expect.arrayContaining(['calendar.answer.ts', 'calendar.describe.ts', 'calendar.model.ts']));
  });
});
