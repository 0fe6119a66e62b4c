import fc from 'fast-check';
import { pathParamNames } from '#shared/operations/path-params.js';
import type { Operation } from '#shared/operations/operation.js';
import type { RawRequest } from './raw-http.js';

/** Names that are properties of every plain object: they must stay ordinary names everywhere. */
export const SPECIAL_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
];

/** Path segments, already percent-encoded as a caller would send them, that try to name another resource. */
const HOSTILE_SEGMENTS = [
  '..',
  '.',
  '%2E%2E',
  '%2e%2e',
  '.%2E',
  '%2E',
  '%2F',
  'a%2Fb',
  '%5C',
  'a%5C..',
  '%00',
  '%0A',
  '%0D%0Ax-injected:%201',
  '%252E%252E',
  '%20',
  '%',
  '%E2%80%AE',
  'a'.repeat(300),
];

const segment = fc.oneof(
  { weight: 8, arbitrary: fc.uuid() },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent) },
);

const queryName = fc.oneof(
  fc.constantFrom(...SPECIAL_NAMES, 'pageNumber', 'pageSize'),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const queryValue = fc.oneof(
  fc.constantFrom('1', '0', '-1', '1e3', '99999999999', ''),
  fc.string({ maxLength: 20 }),
);
const query = fc
  .oneof(
    { weight: 3, arbitrary: fc.constant([] as [string, string][]) },
    { weight: 2, arbitrary: fc.array(fc.tuple(queryName, queryValue), { minLength: 1, maxLength: 3 }) },
  )
  .map((pairs) => (pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`));

/** A JSON object text with special names, wrong types, huge and control-character strings, odd numbers. */
const jsonText = fc
  .dictionary(
    fc.oneof(fc.constantFrom(...SPECIAL_NAMES), fc.string({ maxLength: 12 })),
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom('\u0000\u0007\u001b', '\u202e', 'é'.repeat(50), 'x'.repeat(100_000)),
    ),
    { maxKeys: 5 },
  )
  .map((value) => JSON.stringify(value));

const ODD_NUMBERS = ['0.1000000000000000055511151231257827', '1e400', '-0', '123456789012345678901234567890'];

/** Bodies that break the JSON rules one way each, as raw bytes. */
const malformedBody = fc.oneof(
  fc.constant(Buffer.from('   ')),
  fc.constant(Buffer.from('{"a":1,"a":2}')),
  fc.constant(Buffer.from('{"minimumBalance":-500,"minimumBalance":5}')),
  fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
  fc.constant(Buffer.from(`${'['.repeat(3_000)}${']'.repeat(3_000)}`)),
  fc.constant(Buffer.from(`{"a":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`)),
  fc.constant(Buffer.from('{"a":"unterminated')),
  fc.constant(Buffer.from('\ufeff{}')),
  fc.constant(Buffer.alloc(1_100_000, 0x20)),
  fc.constantFrom(...ODD_NUMBERS).map((number) => Buffer.from(`{"minimumBalance":${number}}`)),
);

/** Mostly what the operation expects in kind (a JSON object or nothing), often something else. */
function bodyFor(operation: Operation) {
  return fc.oneof(
    { weight: operation.body ? 1 : 6, arbitrary: fc.constant(undefined) },
    { weight: operation.body ? 6 : 2, arbitrary: jsonText.map((text) => Buffer.from(text)) },
    { weight: 3, arbitrary: malformedBody },
  );
}

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      'application/x-www-form-urlencoded',
      'text/plain',
      'application/json; charset=latin1',
      'application/merge-patch+json',
      'multipart/form-data; boundary=x',
    ),
  },
);

const idempotencyKey = fc.oneof(
  { weight: 8, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom(undefined, '', 'has spaces', 'k'.repeat(300), 'tab\there') },
);

/** Hostile requests for one operation of the registry: nothing in here is specific to one operation. */
export function hostileRequests(operation: Operation): fc.Arbitrary<RawRequest> {
  const names = pathParamNames(operation.path);
  return fc
    .record({
      segments: fc.array(segment, { minLength: names.length, maxLength: names.length }),
      query,
      body: bodyFor(operation),
      contentType,
      idempotencyKey,
    })
    .map(({ segments, query: search, body: bytes, contentType: type, idempotencyKey: key }) => {
      let index = 0;
      const path = operation.path.replace(/\{\w+\}/g, () => segments[index++] ?? '');
      const headers: Record<string, string> = {};
      if (type !== undefined) headers['content-type'] = type;
      if (key !== undefined) headers['idempotency-key'] = key;
      return { method: operation.method, path: `${path}${search}`, headers, body: bytes };
    });
}
