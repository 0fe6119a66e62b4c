/**
 * The one JSON reader for every body Clearway takes in (gateway requests, the simulator's requests, webhooks).
 *
 * Written here because no maintained package does all of it at once: JSON.parse keeps the last of two
 * duplicate keys silently and turns 0.1000000000000000055511151231257827 into 0.1; parsers that keep number
 * text (json-bigint, lossless-json) either recurse (a deep body overflows the stack) or give `__proto__`
 * its prototype meaning. This one:
 * - refuses bytes that are not UTF-8 (a body is never rewritten to U+FFFD), and a leading BOM;
 * - refuses a key that appears twice in one object, naming it;
 * - keeps every number as the text the sender wrote (`JsonNumber`), so decimal places are counted on
 *   the digits written, and writes it back unchanged through `JSON.stringify`;
 * - builds objects without a prototype, so `__proto__`, `constructor` and `toString` are ordinary keys;
 * - uses an explicit stack, never recursion, so depth is only limited by `maxDepth`.
 */

declare global {
  interface JSON {
    /** Node 21+: a value that JSON.stringify writes as the given text (JSON.parse source text access). */
    rawJSON(text: string): unknown;
  }
}

/** A JSON number as written in the source: `source` is its exact text, e.g. `"10.50"` or `"1e3"`. */
export class JsonNumber {
  constructor(readonly source: string) {}

  /** The nearest JavaScript number; for counts and versions, never for money. */
  toNumber(): number {
    return Number(this.source);
  }

  /** Serialised as the digits that were read, not through a float. */
  toJSON(): unknown {
    return JSON.rawJSON(this.source);
  }
}

export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export type JsonErrorCode = 'not-utf8' | 'syntax' | 'duplicate-key' | 'too-deep' | 'too-large';

export class JsonReadError extends Error {
  override readonly name = 'JsonReadError';
  constructor(
    readonly code: JsonErrorCode,
    /** Where: the property path of the offending member (`owner.name`, `items.2`), or `$` for the whole body. */
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

export interface JsonLimits {
  /** Larger inputs are refused (`too-large`) before any work. */
  maxBytes: number;
  /** Objects and arrays nested deeper are refused (`too-deep`). */
  maxDepth: number;
}

/** Limits for request bodies: far above any bank operation, well below API Gateway's 10 MB. */
export const REQUEST_JSON_LIMITS: JsonLimits = { maxBytes: 1024 * 1024, maxDepth: 64 };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Parses JSON text (or its UTF-8 bytes) within `limits`; every way it can be wrong is a `JsonReadError`. */
export function readJson(input: Uint8Array | string, limits: JsonLimits = REQUEST_JSON_LIMITS): JsonValue {
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
  if (size > limits.maxBytes) {
    throw new JsonReadError('too-large', '$', `the body is larger than ${limits.maxBytes} bytes`);
  }
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else {
    try {
      text = utf8.decode(input);
    } catch {
      throw new JsonReadError('not-utf8', '$', 'the body is not valid UTF-8');
    }
  }
  return new Reader(text, limits.maxDepth).document();
}

interface ObjectFrame {
  kind: 'object';
  value: JsonObject;
  /** The key whose value is being read. */
  key: string;
  path: string;
}
interface ArrayFrame {
  kind: 'array';
  value: JsonValue[];
  path: string;
}
type Frame = ObjectFrame | ArrayFrame;

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
// eslint-disable-next-line no-control-regex -- JSON strings may not hold raw control characters
const PLAIN_CHARACTERS = /[^"\\\u0000-\u001f]*/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

class Reader {
  #at = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  document(): JsonValue {
    const stack: Frame[] = [];
    let result: JsonValue | undefined;
    let value: JsonValue;
    this.#skipWhitespace();
    for (;;) {
      // Read one value; containers push a frame and continue with their first member.
      const opened = this.#value(stack);
      if (opened === undefined) {
        value = this.#lastScalar;
      } else {
        stack.push(opened);
        if (stack.length > this.maxDepth) {
          throw new JsonReadError(
            'too-deep',
            opened.path,
            `the body nests deeper than ${this.maxDepth} levels`,
          );
        }
        if (this.#closeIfEmpty(opened)) {
          stack.pop();
          value = opened.value;
        } else {
          continue;
        }
      }
      // Place the value in its container, then close containers until one wants another member.
      for (;;) {
        const frame = stack.at(-1);
        if (frame === undefined) {
          result = value;
          break;
        }
        if (frame.kind === 'array') frame.value.push(value);
        else frame.value[frame.key] = value;
        this.#skipWhitespace();
        const next = this.text[this.#at];
        if (next === ',') {
          this.#at++;
          this.#skipWhitespace();
          if (frame.kind === 'object') this.#memberKey(frame);
          break;
        }
        if (next === (frame.kind === 'array' ? ']' : '}')) {
          this.#at++;
          stack.pop();
          value = frame.value;
          continue;
        }
        throw this.#syntax(frame.kind === 'array' ? "',' or ']'" : "',' or '}'");
      }
      if (result !== undefined) break;
    }
    this.#skipWhitespace();
    if (this.#at !== this.text.length) throw this.#syntax('the end of the body');
    return result;
  }

  #lastScalar: JsonValue = null;

  /** A scalar is left in `#lastScalar`; an opening bracket returns the new frame. */
  #value(stack: Frame[]): Frame | undefined {
    const char = this.text[this.#at];
    if (char === '{') {
      this.#at++;
      return { kind: 'object', value: Object.create(null) as JsonObject, key: '', path: this.#pathOf(stack) };
    }
    if (char === '[') {
      this.#at++;
      return { kind: 'array', value: [], path: this.#pathOf(stack) };
    }
    if (char === '"') {
      this.#lastScalar = this.#string();
    } else if (this.#literal('true')) {
      this.#lastScalar = true;
    } else if (this.#literal('false')) {
      this.#lastScalar = false;
    } else if (this.#literal('null')) {
      this.#lastScalar = null;
    } else {
      NUMBER.lastIndex = this.#at;
      const match = NUMBER.exec(this.text);
      if (!match || match[0] === '' || match[0] === '-') throw this.#syntax('a value');
      this.#at = NUMBER.lastIndex;
      this.#lastScalar = new JsonNumber(match[0]);
    }
    return undefined;
  }

  /** After `{` or `[`: true (and consumed) when the container is empty; for an object, reads the first key. */
  #closeIfEmpty(frame: Frame): boolean {
    this.#skipWhitespace();
    if (this.text[this.#at] === (frame.kind === 'array' ? ']' : '}')) {
      this.#at++;
      return true;
    }
    if (frame.kind === 'object') this.#memberKey(frame);
    else this.#skipWhitespace();
    return false;
  }

  /** `"key" :` then white space, leaving the reader at the member's value. */
  #memberKey(frame: ObjectFrame): void {
    if (this.text[this.#at] !== '"') throw this.#syntax('a property name in double quotes');
    const key = this.#string();
    if (Object.hasOwn(frame.value, key)) {
      const path = frame.path === '$' ? key : `${frame.path}.${key}`;
      throw new JsonReadError('duplicate-key', path, `${path} appears more than once`);
    }
    frame.key = key;
    this.#skipWhitespace();
    if (this.text[this.#at] !== ':') throw this.#syntax("':'");
    this.#at++;
    this.#skipWhitespace();
  }

  #string(): string {
    this.#at++; // the opening quote
    let out = '';
    for (;;) {
      PLAIN_CHARACTERS.lastIndex = this.#at;
      PLAIN_CHARACTERS.exec(this.text);
      out += this.text.slice(this.#at, PLAIN_CHARACTERS.lastIndex);
      this.#at = PLAIN_CHARACTERS.lastIndex;
      const char = this.text[this.#at];
      if (char === '"') {
        this.#at++;
        return out;
      }
      if (char !== '\\') throw this.#syntax(char === undefined ? 'a closing quote' : 'no control character');
      const escape = this.text[this.#at + 1] ?? '';
      if (escape === 'u') {
        const hex = this.text.slice(this.#at + 2, this.#at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw this.#syntax('four hex digits after \\u');
        out += String.fromCharCode(Number.parseInt(hex, 16));
        this.#at += 6;
      } else {
        const decoded = ESCAPES[escape];
        if (decoded === undefined) throw this.#syntax('a valid escape');
        out += decoded;
        this.#at += 2;
      }
    }
  }

  #literal(word: string): boolean {
    if (!this.text.startsWith(word, this.#at)) return false;
    this.#at += word.length;
    return true;
  }

  #skipWhitespace(): void {
    WHITESPACE.lastIndex = this.#at;
    WHITESPACE.exec(this.text);
    this.#at = WHITESPACE.lastIndex;
  }

  #pathOf(stack: Frame[]): string {
    const frame = stack.at(-1);
    if (frame === undefined) return '$';
    const member = frame.kind === 'array' ? String(frame.value.length) : frame.key;
    return frame.path === '$' ? member : `${frame.path}.${member}`;
  }

  #syntax(expected: string): JsonReadError {
    const found = this.#at >= this.text.length ? 'the end' : JSON.stringify(this.text[this.#at]);
    return new JsonReadError(
      'syntax',
      '$',
      `the body is not valid JSON: expected ${expected} at position ${this.#at}, found ${found}`,
    );
  }
}
