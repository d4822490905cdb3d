/**
 * The shape of the server's sources (docs/architecture.md "Where behaviour lives"): modules depend on each other
 * in one direction only, cross-module clean-up goes through `lib/references`, and the timeline engine's pure part
 * does no I/O. Built from the import statements of the sources, so a new loop fails here rather than in review.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ENGINE = path.join(SRC, 'modules/timeline-engine/engine');

/**
 * Loops between modules allowed, each `a <-> b` with a before b: none. The test fails when any loop appears, and
 * when a listed one is gone (so the list could only shrink while one was being removed).
 */
const KNOWN_LOOPS: string[] = [];

/** Every non-test TypeScript file under a folder. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The import specifiers of a file (static imports, re-exports and dynamic imports). */
function importsOf(file: string): string[] {
  return ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((ref) => ref.fileName);
}

/** The folder a source file belongs to: `modules/<name>` for a module, else its top folder under src. */
function folderOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  const [top = '.', name = ''] = parts;
  return top === 'modules' ? `modules/${name}` : parts.length > 1 ? top : '.';
}

/** Folder → folders it imports from (relative imports only). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const to = folderOf(path.resolve(path.dirname(file), spec));
      if (to === from) continue;
      const targets = graph.get(from) ?? new Set<string>();
      targets.add(to);
      graph.set(from, targets);
    }
  }
  return graph;
}

describe('module import graph', () => {
  it('has no loops between modules beyond the known ones being removed', () => {
    const graph = folderGraph();
    const loops = new Set<string>();
    for (const [from, targets] of graph) {
      if (!from.startsWith('modules/')) continue;
      for (const to of targets) {
        if (!to.startsWith('modules/')) continue;
        // A longer loop shows up as a pair too once reachability is followed.
        if (reaches(graph, to, from)) loops.add([from, to].sort().join(' <-> '));
      }
    }
    expect([...loops].sort()).toEqual([...KNOWN_LOOPS].sort());
  });

  it('has no loops between the folders outside modules (db, lib, plugins, ...)', () => {
    // The files directly under src (app, config, version) are entry points, each a unit of its own, not a folder.
    const isFolder = (folder: string) => folder !== '.' && !folder.startsWith('modules/');
    const graph = folderGraph();
    const loops = new Set<string>();
    for (const [from, targets] of graph) {
      if (!isFolder(from)) continue;
      for (const to of targets) {
        if (isFolder(to) && graph.get(to)?.has(from)) loops.add([from, to].sort().join(' <-> '));
      }
    }
    expect([...loops]).toEqual([]);
  });

  it('keeps the pure timeline engine free of the database, HTTP and other modules', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(ENGINE)) {
      for (const spec of importsOf(file)) {
        const outside = spec.startsWith('.')
          ? !path.resolve(path.dirname(file), spec).startsWith(ENGINE)
          : !['@loreforge/contract', 'zod'].includes(spec);
        if (outside) offenders.push(`${path.relative(SRC, file)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

/** Whether `to` is reachable from `from` through module folders. */
function reaches(graph: Map<string, Set<string>>, from: string, to: string): boolean {
  const seen = new Set<string>([from]);
  const queue = [from];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    if (at === to) return true;
    for (const next of graph.get(at) ?? []) {
      if (next.startsWith('modules/') && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}
