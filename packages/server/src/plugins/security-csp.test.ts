import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/app.js';

/** The directives of a Content-Security-Policy header: name → sources. */
function directives(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('Content-Security-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('forbids inline script, event-handler attributes, eval and plugins on every answer, and lets rich text show https images', async () => {
    for (const url of ['/api/health', '/api/worlds', '/']) {
      const response = await t.app.inject({ url });
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('img-src'), url).toContain('https:');
      expect(csp.get('img-src'), url).not.toContain('http:');
    }
  });
});
