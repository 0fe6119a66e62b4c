import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameCheckOnboardingResponses as answers } from '#shared/operations/name-check-onboarding/responses.js';
import { certificateFor } from '../support/name-check-certificates.js';
import { opensslReq } from '../unit/onboarding/openssl.js';
import { call } from '../unit/bank-sim/helpers.js';
import { type ContractWorld, startContractWorld, takeWebhooks } from './harness.js';

/**
 * Hosted name-check onboarding against the bank's documented answers
 * (shared/operations/name-check-onboarding/responses.ts): the CSR as PEM text, the upload's empty 200, and the
 * documented refusals (400 not set up, 500 onboarding failed). Neither operation sends a webhook.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const STATEMENT = '4d3c2b1a0f9e8d7c6b5a';
const csrPath = (type: string) => `/v1/softwarestatements/${STATEMENT}/csr/${type}`;
const pemPath = `/v1/softwarestatements/${STATEMENT}/pem`;
const upload = (body: unknown) => call(world.sim, 'POST', pemPath, { body: JSON.stringify(body) });

describe('hosted name-check onboarding answers as the bank documents', () => {
  it('issues a CSR per certificate type, the same on every read, and accepts a matching certificate', async () => {
    const response = await call(world.sim, 'GET', csrPath('Transport'));
    const transport = await response.text();
    expect(response.status).toBe(200);
    expect(answers.getSoftwareStatementCsr.safeParse(transport).success).toBe(true);
    // A real PKCS #10 request: openssl reads it and its self-signature holds, for the statement as CN.
    const openssl = opensslReq(transport, '-verify', '-subject');
    expect(openssl).toContain('verify OK');
    expect(openssl).toMatch(new RegExp(`CN ?= ?${STATEMENT}`));
    expect(await (await call(world.sim, 'GET', csrPath('Transport'))).text()).toBe(transport);
    const signing = await (await call(world.sim, 'GET', csrPath('Signing'))).text();
    expect(answers.getSoftwareStatementCsr.safeParse(signing).success).toBe(true);
    expect(signing).not.toBe(transport);

    const certificate = await certificateFor(signing);
    const uploaded = await upload({
      pem: certificate.replace(/\n/g, ''),
      kid: 'kid-signing-1',
      certificateType: 'Signing',
    });
    expect(uploaded.status).toBe(200);
    expect(answers.uploadSoftwareStatementPem.safeParse(await uploaded.text()).success).toBe(true);
    expect(await takeWebhooks(world)).toEqual([]);
  });

  it('answers 500 onboarding failed for a certificate whose key is not the CSR key, or for no CSR', async () => {
    const csr = await (await call(world.sim, 'GET', csrPath('Signing'))).text();
    const wrongKey = await upload({
      pem: (await certificateFor(csr, { forOtherKey: true })).replace(/\n/g, ''),
      kid: 'kid-2',
      certificateType: 'Signing',
    });
    expect(wrongKey.status).toBe(500);
    expect(await wrongKey.json()).toMatchObject({ title: 'Certificate onboarding failed', status: 500 });

    const notACertificate = await upload({
      pem: '-----BEGIN CERTIFICATE-----AAAA-----END CERTIFICATE-----',
      kid: 'k',
      certificateType: 'Signing',
    });
    expect(notACertificate.status).toBe(500);

    const otherStatement = await call(world.sim, 'POST', '/v1/softwarestatements/never-issued/pem', {
      body: JSON.stringify({ pem: await certificateFor(csr), kid: 'k', certificateType: 'Signing' }),
    });
    expect(otherStatement.status).toBe(500);
  });

  it('answers 400 "Institution is not setup for CoP." to an institution without the service', async () => {
    const certificate = await certificateFor(await (await call(world.sim, 'GET', csrPath('Signing'))).text());
    world.sim.institution.nameCheckService = false;
    try {
      const response = await call(world.sim, 'GET', csrPath('Signing'));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ detail: 'Institution is not setup for CoP.' });
      expect((await upload({ pem: certificate, kid: 'k', certificateType: 'Signing' })).status).toBe(400);
    } finally {
      world.sim.institution.nameCheckService = true;
    }
  });
});
