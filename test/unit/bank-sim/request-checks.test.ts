import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BankSimulator } from '#sim/simulator.js';
import { INVALID_SIGNATURE_TITLE, MISSING_REQUEST_ID_TITLE } from '#shared/bank/errors.js';
import { call, HOUR, problemOf, signWithInstitutionKey, startTestSimulator } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the bank simulator checks every request as the spec says', () => {
  let sim: BankSimulator;
  beforeEach(async () => {
    sim = await startTestSimulator();
  });
  afterEach(() => sim.close());

  it('answers a valid GET with a correlation id', async () => {
    const response = await call(sim, 'GET', '/v1/Test', { requestId: null });

    expect(response.status).toBe(200);
    expect(response.headers.get('x-correlation-id')).toMatch(UUID);
  });

  it('refuses an unknown token with 403 in problem-detail form', async () => {
    const response = await call(sim, 'GET', '/v1/Test', { token: 'not-a-token' });

    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('x-correlation-id')).toMatch(UUID);
    expect(await response.json()).toEqual({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: 'the API token is unknown',
      instance: '/v1/Test',
      errors: {},
    });
  });

  it('refuses a request without Authorization with 403', async () => {
    const response = await call(sim, 'GET', '/v1/Test', { token: null });

    expect(response.status).toBe(403);
  });

  it('refuses a token once the simulated clock passes its expiry', async () => {
    expect((await call(sim, 'GET', '/v1/Test')).status).toBe(200);

    await sim.setClock('2026-02-01T00:00:00Z');
    const response = await call(sim, 'GET', '/v1/Test');

    expect(response.status).toBe(403);
    expect((await problemOf(response)).detail).toBe('the API token is expired');
  });

  it('requires X-Request-Id on a POST', async () => {
    const response = await call(sim, 'POST', '/v1/Test', { body: '{"a":1}', requestId: null });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: 'about:blank',
      title: MISSING_REQUEST_ID_TITLE,
      status: 400,
    });
  });

  it('refuses an X-Request-Id longer than 83 characters with the same title', async () => {
    const accepted = await call(sim, 'POST', '/v1/Test', { body: '{}', requestId: 'x'.repeat(83) });
    const refused = await call(sim, 'POST', '/v1/Test', { body: '{}', requestId: 'x'.repeat(84) });

    expect(accepted.status).toBe(200);
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).title).toBe(MISSING_REQUEST_ID_TITLE);
  });

  it('refuses an X-Request-Id with a space', async () => {
    const spaced = await call(sim, 'POST', '/v1/Test', { body: '{}', requestId: 'two words' });

    expect((await problemOf(spaced)).title).toBe(MISSING_REQUEST_ID_TITLE);
  });

  it('does not require X-Request-Id on a GET', async () => {
    expect((await call(sim, 'GET', '/v1/Test', { requestId: null })).status).toBe(200);
  });

  it('answers a reused X-Request-Id with 409 and accepts it again after 24 hours', async () => {
    const first = await call(sim, 'POST', '/v1/Test', { body: '{"n":1}', requestId: 'req-1' });
    const duplicate = await call(sim, 'POST', '/v1/Test', { body: '{"n":1}', requestId: 'req-1' });
    await sim.advanceClock(23 * HOUR);
    const stillDuplicate = await call(sim, 'POST', '/v1/Test', { body: '{"n":1}', requestId: 'req-1' });
    await sim.advanceClock(2 * HOUR);
    const again = await call(sim, 'POST', '/v1/Test', { body: '{"n":1}', requestId: 'req-1' });

    expect(first.status).toBe(200);
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ status: 409, title: 'Duplicate X-Request-Id' });
    expect(stillDuplicate.status).toBe(409);
    expect(again.status).toBe(200);
  });

  it('refuses a tampered body with Invalid DigitalSignature Header and leaves the X-Request-Id unused', async () => {
    const signature = signWithInstitutionKey('{"amount":"10.00"}');

    const tampered = await call(sim, 'POST', '/v1/Test', {
      body: '{"amount":"99.00"}',
      signature,
      requestId: 'req-2',
    });
    const genuine = await call(sim, 'POST', '/v1/Test', {
      body: '{"amount":"10.00"}',
      signature,
      requestId: 'req-2',
    });

    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ type: 'about:blank', title: INVALID_SIGNATURE_TITLE });
    expect(genuine.status).toBe(200);
  });

  it('refuses a body whose spacing changed after signing', async () => {
    const signature = signWithInstitutionKey('{"a":1}');

    const response = await call(sim, 'POST', '/v1/Test', { body: '{"a": 1}', signature });

    expect((await problemOf(response)).title).toBe(INVALID_SIGNATURE_TITLE);
  });

  it('refuses a body without DigitalSignature', async () => {
    const response = await call(sim, 'POST', '/v1/Test', { body: '{}', signature: null });

    expect(response.status).toBe(400);
    expect((await problemOf(response)).title).toBe(INVALID_SIGNATURE_TITLE);
  });

  it('refuses a signed body that is not JSON with 400 and leaves the X-Request-Id unused', async () => {
    const refused = await call(sim, 'POST', '/v1/Test', { body: '{"a":', requestId: 'req-3' });
    const accepted = await call(sim, 'POST', '/v1/Test', { body: '{"a":1}', requestId: 'req-3' });

    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ title: 'Invalid JSON Body', status: 400 });
    expect(accepted.status).toBe(200);
  });

  it('answers a body that fails the operation schema with the errors map and releases the X-Request-Id', async () => {
    const refused = await call(sim, 'POST', '/v1/Test', { body: '[1,2]', requestId: 'req-4' });
    const accepted = await call(sim, 'POST', '/v1/Test', { body: '{}', requestId: 'req-4' });

    expect(refused.status).toBe(400);
    const problem = await problemOf(refused);
    expect(problem.title).toBe('One or more validation errors occurred.');
    expect(Object.keys(problem.errors)).toEqual(['$']);
    expect(accepted.status).toBe(200);
  });

  it('checks the token before the X-Request-Id and the X-Request-Id before the signature', async () => {
    const badEverything = await call(sim, 'POST', '/v1/Test', {
      body: '{}',
      token: 'wrong',
      requestId: null,
      signature: 'AAAA',
    });
    const badIdAndSignature = await call(sim, 'POST', '/v1/Test', {
      body: '{}',
      requestId: null,
      signature: 'AAAA',
    });

    expect(badEverything.status).toBe(403);
    expect((await problemOf(badIdAndSignature)).title).toBe(MISSING_REQUEST_ID_TITLE);
  });

  it('answers an unknown path 404 and a wrong method 405, both as problems', async () => {
    const unknown = await call(sim, 'GET', '/v9/Nothing');
    const wrongMethod = await call(sim, 'DELETE', '/v1/Test');

    expect(unknown.status).toBe(404);
    expect((await problemOf(unknown)).status).toBe(404);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
    expect(wrongMethod.headers.get('x-correlation-id')).toMatch(UUID);
  });

  it('answers a body larger than the limit 413 without processing it', async () => {
    const small = await startTestSimulator({ maxBodyBytes: 64 });
    try {
      const response = await call(small, 'POST', '/v1/Test', {
        body: JSON.stringify({ text: 'x'.repeat(100) }),
      });

      expect(response.status).toBe(413);
      expect(small.webhooks).toHaveLength(0);
    } finally {
      await small.close();
    }
  });

  it('logs each request with its exact body, X-Request-Id, status and a masked token', async () => {
    const body = '{ "spaced" : true }';
    await call(sim, 'POST', '/v1/Test', { body, requestId: 'req-log' });

    const [record] = sim.requests;
    expect(record).toMatchObject({
      method: 'POST',
      path: '/v1/Test',
      body,
      requestId: 'req-log',
      status: 200,
      institutionId: '00000000-0000-4000-8000-000000000001',
    });
    expect(record?.headers.authorization).toBe('Bearer ****1234');
    expect(record?.headers.digitalsignature).toBe(signWithInstitutionKey(body));
  });
});
