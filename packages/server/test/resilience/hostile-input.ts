/**
 * Hostile inputs for the bad-input suite: fast-check arbitraries that break a valid body in every way a
 * client can (wrong types, missing and extra fields, huge or deep values, injection strings, bad ids), and raw
 * requests a JSON client could never send (invalid UTF-8, wrong content types, bodies over the limit).
 */
import fc from 'fast-check';

/** Strings that have broken web apps before: injection, traversal, odd Unicode. */
export const NASTY_STRINGS: readonly string[] = [
  "' OR '1'='1",
  "'; DROP TABLE world; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '\u202Eevil\u202C',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uFEFFbom',
  '\ud800',
  'a\udfffb',
  'tab\tnew\nline\rreturn',
  '   ',
  '',
  'null',
  'NaN',
  '-1',
  '1e309',
  'x'.repeat(20_001),
  'y'.repeat(300_000),
  '\u0000',
];

/** Ids that are not ids. */
export const BAD_IDS: readonly string[] = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  "1' OR '1'='1",
  '<script>',
  '%ff%fe',
  '-1',
  '9'.repeat(40),
  'a'.repeat(500),
];

/** Numbers at and beyond every edge. */
export const NASTY_NUMBERS: readonly number[] = [-1, 0, -0, 0.5, -1e9 - 1, 1e9 + 1, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE];

/** An array nested `depth` levels deep. */
export function deepArray(depth: number): unknown {
  let value: unknown = 0;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

/** An object nested `depth` levels deep. */
export function deepObject(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

/** Any hostile JSON value: strings, numbers, wrong types, bad ids, deep and huge structures, random JSON. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(...BAD_IDS),
  fc.constantFrom(...NASTY_NUMBERS),
  fc.constantFrom<unknown>(true, false, null, [], {}, [1, 'two', null], { nested: { deep: true } }),
  fc.constantFrom<unknown>(
    deepArray(2_000),
    deepObject(2_000),
    Array.from({ length: 50_000 }, (_unused, index) => index),
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** One way to break a body. */
export type BodyMutation =
  | { kind: 'replace'; field: string; value: unknown }
  | { kind: 'remove'; field: string }
  | { kind: 'extra'; field: string; value: unknown }
  | { kind: 'whole'; value: unknown };

/**
 * Mutations of a body with the given fields: replace or remove one, add an unknown one, or send something
 * that is not an object at all.
 */
export function bodyMutation(fields: string[]): fc.Arbitrary<BodyMutation> {
  const known = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('name');
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('replace' as const), field: known, value: hostileValue }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), field: known }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        field: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'worldId', 'createdBy', 'userId', 'id'), fc.string({ maxLength: 20 })),
        value: hostileValue,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('whole' as const), value: hostileValue }) },
  );
}

/** JSON.stringify as it behaves: undefined (and a function) have no JSON text, which its typings leave out. */
const jsonText = (value: unknown): string | undefined => JSON.stringify(value);

/**
 * Applies a mutation to a valid body.
 * @returns the JSON text to send (built by hand for `__proto__`, which an object literal would swallow).
 */
export function applyMutation(body: Record<string, unknown>, mutation: BodyMutation): string {
  if (mutation.kind === 'whole') return jsonText(mutation.value) ?? 'null';
  if (mutation.kind === 'remove') {
    const { [mutation.field]: _removed, ...rest } = body;
    return JSON.stringify(rest);
  }
  const rest = JSON.stringify({ ...body, [mutation.field]: undefined }).slice(1, -1);
  const entry = `${JSON.stringify(mutation.field)}:${jsonText(mutation.value) ?? 'null'}`;
  return `{${rest}${rest ? ',' : ''}${entry}}`;
}

/** A raw request body and its content type, for inputs a JSON client cannot produce. */
export interface RawBody {
  name: string;
  contentType: string | undefined;
  payload: Buffer | string;
}

/**
 * Raw bodies: invalid UTF-8 bytes, a raw NUL, truncated and empty JSON, wrong content types, a body over the
 * limit, JSON nested 100,000 deep, and a huge flat array.
 * @param limit the JSON body limit in bytes.
 */
export function rawBodies(limit: number): RawBody[] {
  const json = 'application/json';
  return [
    {
      name: 'invalid UTF-8',
      contentType: json,
      payload: Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('b"}')]),
    },
    {
      name: 'overlong UTF-8 slash',
      contentType: json,
      payload: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]),
    },
    { name: 'raw NUL byte', contentType: json, payload: Buffer.from('{"name":"a\u0000b"}') },
    { name: 'escaped NUL', contentType: json, payload: '{"name":"a\\u0000b","description":"\\u0000"}' },
    { name: 'truncated JSON', contentType: json, payload: '{"name":' },
    { name: 'empty JSON body', contentType: json, payload: '' },
    { name: 'JSON with a charset', contentType: 'application/json; charset=latin1', payload: '{"name":"x"}' },
    { name: 'text/plain', contentType: 'text/plain', payload: '{"name":"x"}' },
    { name: 'form encoded', contentType: 'application/x-www-form-urlencoded', payload: 'name=x&description=y' },
    {
      name: 'multipart',
      contentType: 'multipart/form-data; boundary=X',
      payload: '--X\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--X--\r\n',
    },
    { name: 'XML', contentType: 'application/xml', payload: '<name>x</name>' },
    { name: 'no content type', contentType: undefined, payload: '{"name":"x"}' },
    { name: 'over the body limit', contentType: json, payload: `{"name":"${'x'.repeat(limit)}"}` },
    {
      name: 'nested 100,000 deep',
      contentType: json,
      payload: `{"name":"x","attributes":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`,
    },
    { name: 'array nested 100,000 deep', contentType: json, payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
    { name: 'huge flat array', contentType: json, payload: `[${Array.from({ length: 150_000 }, () => '1').join(',')}]` },
    { name: 'duplicate keys', contentType: json, payload: '{"name":"x","name":{"$ne":null}}' },
    {
      name: 'prototype pollution',
      contentType: json,
      payload: '{"name":"x","__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
    },
  ];
}
