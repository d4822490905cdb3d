/**
 * Compiles the server for production: one ES module, dist/server.js, bundling the server's TypeScript and the
 * shared contract, with every npm dependency left as an import. `npm start` runs it with plain Node, without
 * the TypeScript loader (faster to start, less memory, no per-module transform). Takes well under a second.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@loreforge/'));

await build({
  absWorkingDir: root,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
