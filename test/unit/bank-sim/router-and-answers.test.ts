import { describe, expect, it } from 'vitest';
import { RequestIdRegistry } from '#sim/core/request-ids.js';
import { Router } from '#shared/http/router.js';
import { nonceDigits } from '#sim/core/webhook-answer.js';

describe('the route table', () => {
  function router() {
    const routes = new Router<string>({ ignoreCase: true });
    routes.add('GET', '/v1/Accounts/{accountId}', 'one account');
    routes.add('GET', '/v1/Accounts/Virtual', 'virtual accounts');
    routes.add('PATCH', '/v1/Accounts/{accountId}', 'amend');
    return routes;
  }

  it('prefers a literal segment over a parameter', () => {
    expect(router().match('GET', '/v1/Accounts/Virtual')).toMatchObject({
      kind: 'found',
      value: 'virtual accounts',
    });
  });

  it('decodes parameters and ignores the case of literals and a trailing slash', () => {
    expect(router().match('GET', '/V1/accounts/a%2Fb/')).toMatchObject({
      kind: 'found',
      value: 'one account',
      params: { accountId: 'a/b' },
    });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router().match('DELETE', '/v1/Accounts/42')).toEqual({
      kind: 'method-not-allowed',
      allow: ['GET', 'PATCH'],
    });
    expect(router().match('GET', '/v1/Accounts/42/Extra')).toEqual({ kind: 'not-found' });
    expect(router().match('GET', '/v1/Accounts/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });

  it('refuses the same method and path twice, whatever the parameter is called', () => {
    expect(() => router().add('GET', '/v1/Accounts/{id}', 'again')).toThrow(/already registered/);
  });

  it('matches as API Gateway does a mount: ANY on a greedy {proxy+}, after every more specific route', () => {
    const gateway = new Router<string>({ ignoreCase: false });
    gateway.add('ANY', '/v2/Accounts/{proxy+}', 'sterling mount');
    gateway.add('GET', '/v2/Accounts/{accountId}/Transactions', 'payments');
    gateway.add('ANY', '/v2/Accounts/{accountId}/Mandates', 'direct debits');
    expect(gateway.match('POST', '/v2/Accounts/a1/Virtual/v1')).toMatchObject({
      kind: 'found',
      value: 'sterling mount',
      params: { proxy: 'a1/Virtual/v1' },
    });
    expect(gateway.match('GET', '/v2/Accounts/a1/Transactions')).toMatchObject({ value: 'payments' });
    expect(gateway.match('DELETE', '/v2/Accounts/a1/Mandates')).toMatchObject({ value: 'direct debits' });
    // A named method before ANY on the same path; nothing below a greedy segment is empty.
    gateway.add('GET', '/v2/Accounts/{accountId}/Mandates', 'read mandates');
    expect(gateway.match('GET', '/v2/Accounts/a1/Mandates')).toMatchObject({ value: 'read mandates' });
    expect(gateway.match('GET', '/v2/Accounts')).toEqual({ kind: 'not-found' });
    expect(gateway.match('GET', '/v2/Accounts/a1//x')).toEqual({ kind: 'not-found' });
  });
});

describe('reading the Nonce of a webhook answer', () => {
  const read = (text: string) => nonceDigits(Buffer.from(text));

  it('keeps the digits of a Nonce beyond 2^53 exactly', () => {
    expect(read('{"Nonce":123456789012345678901}')).toBe('123456789012345678901');
    expect(read(' { "Nonce" : 2886556407 } ')).toBe('2886556407');
  });

  it('reads only the top-level Nonce', () => {
    expect(read('{"Other":{"Nonce":1},"Nonce":2}')).toBe('2');
    expect(read('{"Other":{"Nonce":1}}')).toBeUndefined();
  });

  it('refuses anything that is not an integer Nonce in a JSON object', () => {
    for (const text of [
      '',
      'OK',
      '[{"Nonce":1}]',
      '{"Nonce":"1"}',
      '{"Nonce":1.5}',
      '{"Nonce":-1}',
      '{"nonce":1}',
    ]) {
      expect(read(text)).toBeUndefined();
    }
  });
});

describe('the X-Request-Id registry', () => {
  it('remembers an id for 24 hours per institution', () => {
    const ids = new RequestIdRegistry();
    const start = new Date('2026-01-05T09:00:00Z');
    const later = (hours: number) => new Date(start.getTime() + hours * 3_600_000);

    expect(ids.reserve('a', 'r1', start)).toBe(true);
    expect(ids.reserve('b', 'r1', start)).toBe(true);
    expect(ids.reserve('a', 'r1', later(23.9))).toBe(false);
    expect(ids.reserve('a', 'r1', later(24))).toBe(true);
  });

  it('forgets a released id at once and expired ids as time passes', () => {
    const ids = new RequestIdRegistry(1000);
    ids.reserve('a', 'r1', new Date(0));
    ids.reserve('a', 'r2', new Date(0));
    ids.release('a', 'r1');

    expect(ids.reserve('a', 'r1', new Date(1))).toBe(true);
    ids.reserve('a', 'r3', new Date(5000));
    expect(ids.size).toBe(1);
  });

  it('remembers at most its capacity, forgetting the oldest id first', () => {
    const ids = new RequestIdRegistry(1000, 2);
    for (const id of ['r1', 'r2', 'r3']) ids.reserve('a', id, new Date(0));

    expect(ids.size).toBe(2);
    expect(ids.reserve('a', 'r3', new Date(1))).toBe(false);
    expect(ids.reserve('a', 'r1', new Date(1))).toBe(true);
  });
});
