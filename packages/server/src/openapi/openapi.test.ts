/**
 * The served OpenAPI document (GET /api/openapi.json) as API clients and generators read it: Redocly's
 * recommended rules pass with no error and no warning, every operation has its id from OPERATION_IDS, and
 * every tag is described.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { buildOpenApiDocument } from './openapi-document.js';
import { OPERATION_IDS } from './operation-ids.js';
import { TAGS } from './document-info.js';
import { operationKey } from './operations.js';

interface Operation {
  operationId?: string;
  parameters?: Array<{ in?: string; name?: string; description?: string }>;
  tags?: string[];
  security?: unknown[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

let document: Record<string, unknown>;
let operations: Array<{ key: string; operation: Operation }>;

beforeAll(async () => {
  document = await buildOpenApiDocument();
  const paths = document.paths as Record<string, Record<string, Operation>>;
  operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      // Back to the route's own form (`{worldId}` → `:worldId`), the key OPERATION_IDS uses.
      .map(([method, operation]) => ({ key: operationKey(method.toUpperCase(), path.replace(/\{([^}]+)\}/g, ':$1')), operation })),
  );
});

describe('GET /api/openapi.json', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const report = problems.map(
      (problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`,
    );
    expect(report).toEqual([]);
  });

  it('gives every operation the operationId of its route, so a route added without one is named here', () => {
    const missing = operations
      .filter(({ key, operation }) => !operation.operationId || operation.operationId !== OPERATION_IDS[key])
      .map(({ key }) => key);
    // Add each one named here to OPERATION_IDS in src/openapi/operation-ids.ts.
    expect(missing).toEqual([]);
  });

  it('keeps no operationId for a route the API no longer has', () => {
    const served = new Set(operations.map(({ key }) => key));
    expect(Object.keys(OPERATION_IDS).filter((key) => !served.has(key))).toEqual([]);
  });

  it('declares security on every operation: public ones with an empty list, the rest with the bearer token', () => {
    const undeclared = operations.filter(({ operation }) => !Array.isArray(operation.security)).map(({ key }) => key);
    expect(undeclared).toEqual([]);
    const publicKeys = operations.filter(({ operation }) => operation.security?.length === 0).map(({ key }) => key);
    expect(publicKeys.sort()).toEqual([
      'GET /api/health',
      'GET /api/version',
      'POST /api/auth/login',
      'POST /api/auth/register',
      'POST /api/invites/request',
    ]);
  });

  it('documents the x-view-as header, with its description, on every GET under a world and on nothing else', () => {
    const viewAs = (operation: Operation) =>
      operation.parameters?.find((parameter) => parameter.in === 'header' && parameter.name === 'x-view-as');
    const worldReads = operations.filter(({ key }) => key.startsWith('GET /api/worlds/:worldId'));
    expect(worldReads.length).toBeGreaterThan(40);
    expect(
      worldReads.filter(({ operation }) => !viewAs(operation)?.description?.includes('player or viewer')).map(({ key }) => key),
    ).toEqual([]);
    const others = operations.filter(({ key, operation }) => !key.startsWith('GET /api/worlds/:worldId') && viewAs(operation));
    expect(others.map(({ key }) => key)).toEqual([]);
  });

  it('describes every tag an operation uses', () => {
    const described = new Set(TAGS.map((tag) => tag.name));
    const used = new Set(operations.flatMap(({ operation }) => operation.tags ?? []));
    expect([...used].filter((tag) => !described.has(tag))).toEqual([]);
  });
});
