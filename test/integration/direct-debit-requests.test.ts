import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIRECT_DEBIT_MESSAGES } from '#shared/domain/direct-debit-rules.js';
import { MESSAGES } from '#shared/operations/direct-debits/schemas.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * The gateway's side of direct debits through the sandbox: a rule-breaking request is a 400 naming the
 * property and never reaches the bank; a valid write goes to the bank once, at the same method and path,
 * with the exact bytes signed (the cancel's DELETE included). What the bank answers is the simulator's part.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;

const accountId = '0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b';
const virtualAccountId = '7e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b';
const mandateId = '086ab6ec-ab78-2432-12a1-3c273d81d961';

const send = (method: string, path: string, body?: string, key: string | null = randomUUID()) =>
  world.gateway(path, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key !== null && { 'idempotency-key': key }),
    },
    ...(body !== undefined && { body }),
  });

async function refused(response: Response) {
  expect(response.status).toBe(400);
  return ((await response.json()) as { errors: Record<string, string[]> }).errors;
}

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(async () => {
  await world?.sandbox.close();
});
beforeEach(() => {
  world.simulator.clearRequests();
});

describe('direct debit requests through the gateway', () => {
  it('refuses a lower-case reference, a bad service user number and a missing key before any bank call', async () => {
    const body = JSON.stringify({ serviceUserNumber: '03020', reference: 'mbqzrtf12345' });
    expect(await refused(await send('POST', `/v1/Accounts/${accountId}/Mandates`, body))).toEqual({
      serviceUserNumber: [DIRECT_DEBIT_MESSAGES.serviceUserNumber],
      reference: [DIRECT_DEBIT_MESSAGES.mandateReference],
    });
    const valid = JSON.stringify({ serviceUserNumber: '030201', reference: 'MBQZRTF12345' });
    expect(
      Object.keys(
        await refused(
          await send('POST', `/v1/Accounts/${accountId}/Virtual/${virtualAccountId}/Mandates`, valid, null),
        ),
      ),
    ).toEqual(['Idempotency-Key']);
    expect(
      await refused(
        await send(
          'DELETE',
          `/v1/Accounts/${accountId}/Mandates/${mandateId}`,
          JSON.stringify({ reasonCode: '3' }),
        ),
      ),
    ).toEqual({ reasonCode: [DIRECT_DEBIT_MESSAGES.mandateCancelReasonCode] });
    expect(
      await refused(await world.gateway(`/v1/Transactions/040404/DirectDebit/Unpaid?sun=1&amount=1e3`)),
    ).toEqual({ sun: [MESSAGES.sun], amount: [MESSAGES.amount] });
    expect(
      await refused(
        await world.gateway(`/v2/Accounts/${accountId}/Mandates/${mandateId}/Collections?startDate=x`),
      ),
    ).toEqual({ startDate: [MESSAGES.startDate] });
    expect(world.simulator.requests).toHaveLength(0);
  });

  it('sends a cancel to the bank as a DELETE with its exact JSON body, signed, once per key', async () => {
    const body = '{ "reasonCode": "1" }';
    const path = `/v1/Accounts/${accountId}/Virtual/${virtualAccountId}/Mandates/${mandateId}`;
    const key = randomUUID();
    const first = await send('DELETE', path, body, key);
    const repeat = await send('DELETE', path, body, key);
    expect(repeat.status).toBe(first.status);
    expect(world.simulator.requests).toHaveLength(1);
    const [request] = world.simulator.requests;
    expect(request).toMatchObject({ method: 'DELETE', path, body });
    expect(request?.headers.digitalsignature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(request?.requestId).toBeTruthy();
  });

  it('forwards the reads at the same path and query', async () => {
    const query = '?sun=480642&processingDateFrom=2021-01-10&amount=2.01&transactionCodes=17&pageSize=10';
    await world.gateway(`/v1/Transactions/040404/DirectCredit/Unapplied${query}`);
    await world.gateway(
      `/v2/Accounts/${accountId}/Virtual/${virtualAccountId}/Mandates/Unpaid?reference=MBQZRTF12345`,
    );
    expect(world.simulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/Transactions/040404/DirectCredit/Unapplied${query}`,
      `GET /v2/Accounts/${accountId}/Virtual/${virtualAccountId}/Mandates/Unpaid?reference=MBQZRTF12345`,
    ]);
  });
});
