import { describe, expect, it } from 'vitest';
import { BANK_DECIMAL_MAX } from '#shared/domain/money.js';
import { checkRequest } from '#shared/gateway/request.js';
import { operations } from '#shared/operations/index.js';

const operation = (id: string) => {
  const found = operations.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

/** The field errors the gateway answers `body` with (sent as written), or undefined when it passes. */
function refusal(id: string, body: string, pathParams: Record<string, string> = {}) {
  const checked = checkRequest(
    operation(id),
    {
      pathParams,
      query: {},
      body: Buffer.from(body),
      contentType: 'application/json',
      idempotencyKey: 'k-1',
      caller: 'test',
      deadline: Number.POSITIVE_INFINITY,
    },
    { overdraftAgreement: true, now: new Date('2026-11-30T09:00:00Z') },
  );
  return checked.ok ? undefined : checked.errors;
}

const account = { accountId: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f' };

describe('what the bank would refuse stops at the gateway', () => {
  it.each(['0.5', '"hello"', 'true', 'null', '[]', '[{"Message":"x"}]'])(
    'refuses %s as a body: every body the bank documents is a JSON object',
    (body) => {
      expect(refusal('postTest', body)).toEqual({ $: ['The body must be a JSON object.'] });
    },
  );

  it('still takes any JSON object on POST /v1/Test', () => {
    expect(refusal('postTest', '{"Message":"Hello World","extra":[1,2]}')).toBeUndefined();
  });

  it.each(['1e400', '-1e400', `${BANK_DECIMAL_MAX}1`, '79228162514264337593543950336'])(
    'refuses a minimumBalance of %s, beyond the bank’s numbers, naming it',
    (value) => {
      const errors = refusal('amendAccount', `{"minimumBalance":${value}}`, account);
      expect(Object.keys(errors ?? {})).toEqual(['minimumBalance']);
      expect(errors?.minimumBalance?.[0]).toContain(`largest number the bank takes (${BANK_DECIMAL_MAX})`);
    },
  );

  it('takes the largest whole number the bank takes, as far as the range goes', () => {
    const errors = refusal('amendAccount', `{"minimumBalance":${BANK_DECIMAL_MAX}}`, account);
    expect(errors?.minimumBalance?.join(' ') ?? '').not.toContain('largest number');
  });
});
