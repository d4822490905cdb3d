import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { COMPONENT_FAMILIES, purgeUnusedBootstrap } from './unused-bootstrap-css';

const root = path.dirname(fileURLToPath(import.meta.url));
const bootstrapFile = createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.min.css');

/** Every file under a folder. */
const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });

/** The selectors a style sheet keeps, after the plugin ran on it as the file `from`. */
async function selectorsAfterPurge(css: string, from: string): Promise<Set<string>> {
  const result = await postcss([purgeUnusedBootstrap(root)]).process(css, { from });
  const selectors = new Set<string>();
  result.root.walkRules((rule) => {
    for (const selector of rule.selectors) selectors.add(selector);
  });
  return selectors;
}

describe('unused Bootstrap rules left out of the build', () => {
  it('knows the class families of every React Bootstrap component the app imports', () => {
    const imported = new Set<string>();
    for (const file of filesUnder(path.join(root, 'src')).filter((name) => /\.tsx?$/.test(name))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/from 'react-bootstrap\/(\w+)'/g)) imported.add(match[1] ?? '');
    }
    expect(imported.size).toBeGreaterThan(10);
    const missing = [...imported].filter((name) => !(name in COMPONENT_FAMILIES));
    expect(missing, 'add the classes these components render to COMPONENT_FAMILIES').toEqual([]);
  });

  it("keeps the rules of the components the app renders, their composed classes included, and drops the others'", async () => {
    const kept = await selectorsAfterPurge(fs.readFileSync(bootstrapFile, 'utf8'), bootstrapFile);
    // Written in the app's sources, composed by React Bootstrap from a prefix or from props, toggled at run time.
    for (const selector of [
      '.d-flex',
      '.btn-primary',
      '.btn-outline-secondary',
      '.modal-dialog',
      '.col-md-6',
      '.bs-popover-top>.popover-arrow',
      '.dropdown-menu-end',
      '.navbar-expand-md .navbar-nav',
      '.text-bg-secondary',
      '.fade',
      '.collapsing',
      '.invalid-feedback',
    ]) {
      expect(kept, selector).toContain(selector);
    }
    // Components the app never renders, and responsive utilities it never writes.
    for (const selector of [
      '.accordion-button',
      '.carousel-item',
      '.offcanvas-md',
      '.toast-header',
      '.ratio-21x9',
      '.mt-xxl-5',
      '.flex-xl-wrap-reverse',
    ]) {
      expect(kept, selector).not.toContain(selector);
    }
    let all = 0;
    postcss.parse(fs.readFileSync(bootstrapFile, 'utf8')).walkRules((rule) => {
      all += rule.selectors.length;
    });
    expect(kept.size).toBeLessThan(0.7 * all);
  });

  it('leaves every other style sheet as it is', async () => {
    const css = '.accordion-button { color: red } .leaflet-pane { z-index: 400 }';
    expect(await selectorsAfterPurge(css, path.join(root, 'src/styles/app.css'))).toEqual(new Set(['.accordion-button', '.leaflet-pane']));
  });
});
