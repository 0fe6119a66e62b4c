import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber, JsonReadError, readJson } from '#shared/json/read-json.js';

const LIMITS = { maxBytes: 10_000_000, maxDepth: 1_000_000 };

/** Numbers as plain numbers again, to compare with JSON.parse. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

function failure(input: string | Buffer, limits = LIMITS): JsonReadError {
  try {
    readJson(input, limits);
  } catch (error) {
    if (error instanceof JsonReadError) return error;
    throw error;
  }
  throw new Error('expected a JsonReadError');
}

describe('the safe JSON reader agrees with JSON.parse on valid JSON', () => {
  it('reads what JSON.parse reads, for any JSON value without repeated keys', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value, null, 1);
        expect(plain(readJson(text, LIMITS))).toEqual(JSON.parse(text));
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('refuses what JSON.parse refuses', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        let parsed = true;
        try {
          JSON.parse(text);
        } catch {
          parsed = false;
        }
        // A repeated key is the one thing JSON.parse accepts that this reader refuses.
        if (!parsed) expect(() => readJson(text, LIMITS)).toThrow(JsonReadError);
      }),
      { numRuns: 1000, seed: 12 },
    );
  });
});

describe('numbers keep the text the sender wrote', () => {
  it.each(['0.10', '1e400', '-0', '0.1000000000000000055511151231257827', '123456789012345678901234567890'])(
    'keeps %s and writes it back unchanged',
    (text) => {
      const value = readJson(`{"n":${text}}`, LIMITS) as { n: JsonNumber };
      expect(value.n).toBeInstanceOf(JsonNumber);
      expect(value.n.source).toBe(text);
      expect(JSON.stringify(value)).toBe(`{"n":${text}}`);
    },
  );
});

describe('special property names are ordinary keys', () => {
  it.each(['__proto__', 'constructor', 'toString', 'valueOf'])(
    'keeps %s as an own key of an object without prototype',
    (name) => {
      const value = readJson(`{"${name}":{"polluted":true}}`, LIMITS) as Record<string, unknown>;
      expect(Object.getPrototypeOf(value)).toBeNull();
      expect(Object.keys(value)).toEqual([name]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});

describe('what the reader refuses, and where', () => {
  it('names a repeated key by its path', () => {
    expect(failure('{"a":{"b":1,"b":2}}')).toMatchObject({ code: 'duplicate-key', path: 'a.b' });
    expect(failure('[{"x":1},{"x":1,"x":1}]')).toMatchObject({ code: 'duplicate-key', path: '1.x' });
  });

  it('refuses bytes that are not UTF-8, and a byte-order mark', () => {
    expect(failure(Buffer.from([0x22, 0xc3, 0x28, 0x22])).code).toBe('not-utf8');
    expect(failure(Buffer.from('\ufeff{}')).code).toBe('syntax');
  });

  it('refuses nesting deeper than the limit, at any depth, without recursion', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(Array.isArray(readJson(deep, LIMITS))).toBe(true);
    expect(failure(deep, { maxBytes: 1_000_000, maxDepth: 64 }).code).toBe('too-deep');
  });

  it('refuses a body over the size limit before reading it', () => {
    expect(failure('[1,2,3]', { maxBytes: 6, maxDepth: 64 }).code).toBe('too-large');
  });

  it.each(['', '   ', '{', '[1,]', '{"a":1,}', '01', '1.', '"\u0001"', 'NaN', "{'a':1}", '"\\x"'])(
    'refuses %j as a syntax error',
    (text) => {
      expect(failure(text).code).toBe('syntax');
    },
  );
});
