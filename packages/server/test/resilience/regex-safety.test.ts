/**
 * Every regular expression the contract and the server apply to input runs in linear time: recheck (a ReDoS
 * checker that finds both exponential and polynomial backtracking) judges each one. The patterns are found,
 * not listed by hand: every regex literal and `new RegExp` in the contract's and the server's source (tests
 * excepted), and every `pattern` of the OpenAPI document (which includes the ones zod builds for its own
 * formats, such as date-times), so a new pattern is checked the day it is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from 'recheck';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../app.js';
import { report } from './level.js';

const PACKAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_ROOTS = [path.join(PACKAGES, 'contract/src'), path.join(PACKAGES, 'server/src')];

/** A pattern and where it was found. */
interface FoundPattern {
  source: string;
  flags: string;
  where: string;
}

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Regex literals of a file, and the places that build a RegExp at run time (which cannot be judged statically). */
function patternsIn(file: string): { patterns: FoundPattern[]; dynamic: string[] } {
  const text = fs.readFileSync(file, 'utf8');
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const patterns: FoundPattern[] = [];
  const dynamic: string[] = [];
  const where = (node: ts.Node) => `${path.relative(PACKAGES, file)}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const literal = node.text;
      const end = literal.lastIndexOf('/');
      patterns.push({ source: literal.slice(1, end), flags: literal.slice(end + 1), where: where(node) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      dynamic.push(where(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { patterns, dynamic };
}

/** Every `pattern` keyword anywhere in a JSON document. */
function openApiPatterns(value: unknown, trail: string, out: FoundPattern[]): void {
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'pattern' && typeof child === 'string') out.push({ source: child, flags: 'u', where: `openapi.json ${trail}` });
    else openApiPatterns(child, `${trail}/${key}`, out);
  }
}

describe('regular expressions applied to input', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('are all judged safe from catastrophic backtracking by a ReDoS checker', async () => {
    const found: FoundPattern[] = [];
    const dynamic: string[] = [];
    for (const file of SOURCE_ROOTS.flatMap(sourceFiles)) {
      const result = patternsIn(file);
      found.push(...result.patterns);
      dynamic.push(...result.dynamic);
    }
    openApiPatterns((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json(), '', found);

    const unique = new Map(found.map((pattern) => [`${pattern.flags}/${pattern.source}`, pattern]));
    const unsafe: string[] = [];
    for (const pattern of unique.values()) {
      const verdict = await check(pattern.source, pattern.flags);
      if (verdict.status !== 'safe') {
        const detail = verdict.status === 'vulnerable' ? verdict.complexity.summary : verdict.status;
        unsafe.push(`${pattern.where} /${pattern.source}/${pattern.flags}: ${detail}`);
      }
    }
    report('regex safety', { patterns: unique.size, unsafe: unsafe.length, dynamic: dynamic.length });
    expect(unique.size).toBeGreaterThan(10);
    expect(unsafe).toEqual([]);
    // A pattern built at run time escapes this check; build none.
    expect(dynamic).toEqual([]);
  }, 120_000);
});
