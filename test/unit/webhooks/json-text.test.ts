import { describe, expect, it } from 'vitest';
import { readJson } from '#shared/json/read-json.js';
import { jsonText } from '#shared/webhooks/json-text.js';

const unlimited = { maxBytes: Number.POSITIVE_INFINITY, maxDepth: Number.POSITIVE_INFINITY };

describe('JSON text written without recursion', () => {
  it('writes plain data as JSON.stringify does', () => {
    const value = { a: [1, 'two', null, true, { b: undefined, c: [] }], d: {}, 'e"': -0.5, f: [undefined] };
    expect(jsonText(value).text).toBe(JSON.stringify(value));
  });

  it('writes what the reader read back as it was written, numbers included', () => {
    const text = '{"amount":10.50,"big":123456789012345678901,"exp":1E+3,"list":[[],{}],"s":"\\u00e9\\n"}';
    expect(jsonText(readJson(text, unlimited)).text).toBe(
      '{"amount":10.50,"big":123456789012345678901,"exp":1E+3,"list":[[],{}],"s":"é\\n"}',
    );
  });

  it('writes 100,000 levels and counts them', () => {
    const text = `${'[{"a":'.repeat(50_000)}0${'}]'.repeat(50_000)}`;
    expect(jsonText(readJson(text, unlimited))).toEqual({ text, depth: 100_000 });
  });

  it('counts depth as nested containers: a scalar is 0, [] is 1, {"a":[]} is 2', () => {
    expect([1, [], { a: [] }].map((value) => jsonText(value).depth)).toEqual([0, 1, 2]);
  });
});
