import { describe, expect, it } from 'vitest';
import {
  isNoMatch,
  liveCheck,
  type NameCheckRecord,
  nameCheckRecordOf,
  outcomeOf,
} from '#shared/name-checks/outcome.js';
import {
  NameCheckPolicyError,
  parseNameCheckPolicy,
  parseNameCheckTtlHours,
  policyRefusal,
} from '#shared/name-checks/policy.js';

const at = new Date('2026-03-02T09:00:00Z');
const request = (extra: Record<string, unknown> = {}) => ({
  SchemeName: 'SortCodeAccountNumber',
  LegalOwnerType: 'Personal',
  Identification: '04000412345678',
  OwnerName: ',,Jane Smith',
  EndToEndIdentification: 'E2E-1',
  ...extra,
});
const answer = (report: Record<string, unknown>, status = 200) => ({
  status,
  body: { Data: { VerificationReport: { MatchedBank: 'Other Bank', ...report } } },
});
const recordOf = (body: unknown, report: { status: number; body: unknown } | undefined, ttlHours = 24) =>
  nameCheckRecordOf(body, report, { requestId: 'cw-1', now: at, ttlHours });

describe('a name check as the gateway records it', () => {
  it('keeps a full match by end-to-end id, the account masked, the time and 24 hours to live', () => {
    const record = recordOf(request(), answer({ Matched: true, ResponseWithinSla: true }));
    expect(record).toEqual({
      endToEndId: 'E2E-1',
      outcome: 'Matched',
      matched: true,
      responseWithinSla: true,
      account: '****5678',
      checkedAt: at.toISOString(),
      requestId: 'cw-1',
      expiresAt: at.getTime() / 1000 + 24 * 3600,
    });
    expect(JSON.stringify(record)).not.toContain('04000412345678');
  });

  it('keeps a close match with the name the payee’s bank holds and its reason code', () => {
    const record = recordOf(
      request(),
      answer({ Matched: false, ReasonCode: 'MBAM', Name: 'Jane Smyth', ResponseWithinSla: true }),
    );
    expect(record).toMatchObject({ outcome: 'MBAM', matched: false, reasonCode: 'MBAM', name: 'Jane Smyth' });
    expect(isNoMatch(record as NameCheckRecord)).toBe(false);
  });

  it('keeps a no match (ANNM), and a late answer as ResponseWithinSla false', () => {
    const record = recordOf(
      request(),
      answer({ Matched: false, ReasonCode: 'ANNM', Name: null, ResponseWithinSla: false }),
    ) as NameCheckRecord;
    expect(record).toMatchObject({ outcome: 'ANNM', reasonCode: 'ANNM', responseWithinSla: false });
    expect(record.name).toBeUndefined();
    expect(isNoMatch(record)).toBe(true);
  });

  it('says NotMatched when the bank answers no match without a reason code', () => {
    expect(recordOf(request(), answer({ Matched: false }))).toMatchObject({ outcome: 'NotMatched' });
  });

  it('keeps the check for the configured number of hours', () => {
    const record = recordOf(request(), answer({ Matched: true }), 2) as NameCheckRecord;
    expect(record.expiresAt).toBe(at.getTime() / 1000 + 2 * 3600);
    expect(liveCheck(record, new Date(at.getTime() + 2 * 3600_000 - 1))).toBe(record);
    expect(liveCheck(record, new Date(at.getTime() + 2 * 3600_000))).toBeUndefined();
  });

  it.each([
    ['no end-to-end id', request({ EndToEndIdentification: undefined }), answer({ Matched: true })],
    ['an empty end-to-end id', request({ EndToEndIdentification: '' }), answer({ Matched: true })],
    ['a 422 (participant not found)', request(), { status: 422, body: { Error: { Reason: 'x' } } }],
    ['a 424 (participant down)', request(), { status: 424, body: undefined }],
    ['an unknown outcome', request(), undefined],
    ['a 200 without a verification report', request(), { status: 200, body: { Data: {} } }],
    ['a report without Matched', request(), answer({ ReasonCode: 'ANNM' })],
  ])('keeps nothing for %s', (_what, body, report) => {
    expect(recordOf(body, report)).toBeUndefined();
  });

  it('gives a payment the outcome without the key, the request id or the expiry', () => {
    const record = recordOf(request(), answer({ Matched: true })) as NameCheckRecord;
    expect(outcomeOf(record)).toEqual({
      outcome: 'Matched',
      matched: true,
      account: '****5678',
      checkedAt: at.toISOString(),
    });
  });
});

describe('the name-check policy', () => {
  const names = { mode: 'POLICY', requireAbove: 'ABOVE' };
  const noMatch = { outcome: 'ANNM', matched: false, reasonCode: 'ANNM', account: '****5678', checkedAt: '' };
  const closeMatch = { ...noMatch, outcome: 'MBAM', reasonCode: 'MBAM' };
  const matched = { outcome: 'Matched', matched: true, account: '****5678', checkedAt: '' };

  it('is off unless set, and off refuses nothing', () => {
    const off = parseNameCheckPolicy(undefined, undefined, names);
    expect(off).toEqual({ mode: 'off' });
    expect(parseNameCheckPolicy('', '', names)).toEqual({ mode: 'off' });
    expect(policyRefusal(off, { amount: '1000000' }, noMatch)).toBeUndefined();
    expect(policyRefusal(off, { amount: '1000000' }, undefined)).toBeUndefined();
  });

  it('refuse-no-match refuses a no match only: a match, a close match and no check at all go on', () => {
    const policy = parseNameCheckPolicy('refuse-no-match', undefined, names);
    expect(policyRefusal(policy, { amount: '10' }, noMatch)).toContain('no match (ANNM)');
    expect(policyRefusal(policy, { amount: '10' }, closeMatch)).toBeUndefined();
    expect(policyRefusal(policy, { amount: '10' }, matched)).toBeUndefined();
    expect(policyRefusal(policy, { amount: '1000000' }, undefined)).toBeUndefined();
  });

  it('with requireAbove, refuses an unchecked payment strictly above the amount, compared as decimals', () => {
    const policy = parseNameCheckPolicy('refuse-no-match', '1000', names);
    expect(policy).toEqual({ mode: 'refuse-no-match', requireAbove: '1000' });
    expect(policyRefusal(policy, { amount: '1000.00' }, undefined)).toBeUndefined();
    expect(policyRefusal(policy, { amount: '1000.01' }, undefined)).toContain('never name-checked');
    expect(policyRefusal(policy, { amount: '1000.01' }, matched)).toBeUndefined();
    expect(policyRefusal(policy, { amount: undefined }, undefined)).toContain('(unknown)');
    // 0.1 + 0.2 is not 0.3 in floats; as decimals 0.30 is exactly 0.3, not above it.
    const tight = parseNameCheckPolicy('refuse-no-match', '0.3', names);
    expect(policyRefusal(tight, { amount: '0.30' }, undefined)).toBeUndefined();
    expect(policyRefusal(tight, { amount: '0.3000000000000001' }, undefined)).toBeDefined();
  });

  it.each([
    ['sometimes', undefined, 'POLICY must be off or refuse-no-match, got "sometimes".'],
    ['off', '100', 'ABOVE needs POLICY=refuse-no-match.'],
    ['refuse-no-match', '-5', 'ABOVE must be an amount such as 1000 or 250.50, got "-5".'],
    ['refuse-no-match', '1e3', 'ABOVE must be an amount such as 1000 or 250.50, got "1e3".'],
  ])('refuses mode %s with requireAbove %s, naming the setting', (mode, above, message) => {
    expect(() => parseNameCheckPolicy(mode, above, names)).toThrow(new NameCheckPolicyError(message));
  });

  it('keeps checks 24 hours unless told otherwise, in whole hours from 1 to a year', () => {
    expect(parseNameCheckTtlHours(undefined, 'TTL')).toBe(24);
    expect(parseNameCheckTtlHours('48', 'TTL')).toBe(48);
    expect(parseNameCheckTtlHours(6, 'TTL')).toBe(6);
    for (const bad of ['0', '1.5', 'day', '8761'])
      expect(() => parseNameCheckTtlHours(bad, 'TTL')).toThrow(/^TTL must be whole hours/);
  });
});
