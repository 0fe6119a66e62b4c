import { describe, expect, it } from 'vitest';
import { JsonNumber } from '#shared/json/read-json.js';
import { nonceOf, parseEnvelope, WebhookEnvelopeError } from '#shared/webhooks/envelope.js';

describe('the envelope and its Nonce are read at any depth', () => {
  it.each([3_000, 100_000])('reads an envelope whose payload nests %i deep', (depth) => {
    const body = `{"Type":"X","Version":2,"Payload":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"Nonce":2886556407}`;
    expect(parseEnvelope(body)).toMatchObject({ type: 'X', version: 2, nonceDigits: '2886556407' });
    expect(nonceOf(body)).toBe('2886556407');
  });

  it('keeps the payload’s numbers as written', () => {
    const { payload } = parseEnvelope('{"Type":"X","Version":1,"Payload":{"Amount":10.50},"Nonce":1}');
    expect(payload).toEqual({ Amount: new JsonNumber('10.50') });
  });

  it('still reads the Nonce of an envelope that is invalid otherwise', () => {
    const error = (() => {
      try {
        parseEnvelope('{"Type":"X","Version":"one","Nonce":123456789012345678901}');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(WebhookEnvelopeError);
    expect(error).toMatchObject({
      message: 'Version must be an integer',
      nonceDigits: '123456789012345678901',
    });
  });

  it.each([
    ['a nested Nonce only', '{"a":{"Nonce":1}}'],
    ['a negative Nonce', '{"Nonce":-1}'],
    ['an array', '[{"Nonce":1}]'],
    ['invalid JSON', '{"Nonce":1'],
  ])('reads no Nonce from %s', (_, body) => {
    expect(nonceOf(body)).toBeUndefined();
  });
});
