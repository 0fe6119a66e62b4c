import { describe, expect, it } from 'vitest';
import { bankErrorFor } from '#shared/bank/errors.js';

const context = (status: number, title?: string) => ({
  status,
  problem: title ? { title } : undefined,
  correlationId: 'c',
  requestId: 'r',
  headers: {},
  rawBody: '',
});

describe('bank error statuses map to one error class per family', () => {
  it.each([
    [400, undefined, 'BankBadRequestError'],
    [400, 'Invalid DigitalSignature Header', 'BankInvalidSignatureError'],
    [401, undefined, 'BankUnauthorizedError'],
    [403, undefined, 'BankForbiddenError'],
    [404, undefined, 'BankNotFoundError'],
    [405, undefined, 'BankBadRequestError'],
    [409, undefined, 'BankConflictError'],
    [422, undefined, 'BankUnprocessableError'],
    [423, undefined, 'BankLockedError'],
    [429, undefined, 'BankRateLimitedError'],
    [500, undefined, 'BankServerError'],
    [502, undefined, 'BankServerError'],
    [503, undefined, 'BankUnavailableError'],
  ])('%i %s is a %s', (status, title, name) => {
    const error = bankErrorFor(context(status, title));
    expect(error.name).toBe(name);
    expect(error.message).toContain(`X-Request-Id r`);
  });
});
