import { randomUUID } from 'node:crypto';
import { JsonNumber } from '#shared/json/read-json.js';
import type { ClaimedWebhook, StateHook } from '#shared/webhooks/process.js';
import { jsonPost, type testSandbox } from './sandbox.js';

type TestSandbox = Awaited<ReturnType<typeof testSandbox>>;

/** A valid multi-currency batch body for tests: `count` EUR transactions, overridable at the top level. */
export function mccyBatchBody(overrides: Record<string, unknown> = {}, count = 1): Record<string, unknown> {
  return {
    batchId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    currencyCode: 'EUR',
    transactions: Array.from({ length: count }, (_, index) =>
      mccyTransaction({ endToEndId: `e2e-${index + 1}` }),
    ),
    ...overrides,
  };
}

export function mccyTransaction(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    endToEndId: 'e2e-1',
    reference: 'Invoice 42',
    amount: 100.55,
    creditor: {
      name: 'Hans Muster',
      address: { addressLine1: 'Hauptstrasse 1', addressLine2: 'Berlin', postCode: '10115', country: 'DE' },
      iban: 'DE89370400440532013000',
    },
    debtorName: 'Acme Ltd',
    debtorAddress: {
      addressLine1: '1 High Street',
      addressLine2: 'London',
      postCode: 'EC1A 1BB',
      country: 'GB',
    },
    accountIdentifier: { kind: 'AccountId', identifier: '50daac8a-72c3-4ae5-a6e3-e71b6187dbef' },
    debtorAccountCurrency: 'EUR',
    ...overrides,
  };
}

/** A batch as the tracker reads it from the request: EUR, each end-to-end id for 10.50. */
export function mccyBatchRequest(batchId: string, endToEndIds = ['a', 'b']) {
  return {
    batchId,
    currencyCode: 'EUR',
    transactions: endToEndIds.map((endToEndId) => ({
      endToEndId,
      reference: 'r',
      amount: new JsonNumber('10.50'),
    })),
  };
}

/** A EUR multi-currency account opened through the gateway and funded with 100 000 at the simulated bank. */
export async function fundedEurAccount(world: TestSandbox, label: string): Promise<string> {
  const created = await world.gateway(
    '/mccy/v2/Accounts',
    jsonPost(
      JSON.stringify({
        label,
        owner: 'Acme Ltd',
        kind: 'YourFunds',
        currencies: ['EUR'],
        bankIdentifierCode: null,
        routingCode: null,
      }),
      { 'Idempotency-Key': randomUUID() },
    ),
  );
  if (created.status !== 201) throw new Error(`the account was not opened: ${created.status}`);
  const { id } = (await created.json()) as { id: string };
  const funded = await world.bank(
    '/__sim/mccy/inbound-payments',
    jsonPost(JSON.stringify({ account: id, currency: 'EUR', amount: 100_000 })),
  );
  if (funded.status !== 200) throw new Error(`the account was not funded: ${funded.status}`);
  return id;
}

/** A batch debiting `accountId` 100 for each end-to-end id. */
export function accountBatchBody(accountId: string, batchId: string, endToEndIds: string[]) {
  return mccyBatchBody({
    batchId,
    transactions: endToEndIds.map((endToEndId) =>
      mccyTransaction({
        endToEndId,
        amount: 100,
        accountIdentifier: { kind: 'AccountId', identifier: accountId },
      }),
    ),
  });
}

/** A Payments.Mccy webhook as the processor's hooks get it once claimed. */
export function claimedMccyWebhook(
  type: string,
  batchId: string,
  endToEndId: string,
  key: string,
  at: string,
) {
  return {
    type,
    version: 1,
    key,
    payload: {
      BatchId: batchId,
      EndToEndId: endToEndId,
      TransactionId: 'fd7f3082-72d4-46b3-8e0e-1f66e4a91e13',
    },
    receivedAt: at,
    now: new Date(at),
  };
}

/** A state hook run as the processor runs it: its bookkeeping after its events (`Afterwards`) included. */
export function asProcessed(hook: StateHook): (webhook: ClaimedWebhook) => Promise<void> {
  return async (webhook) => {
    const afterwards = await hook(webhook);
    await afterwards?.();
  };
}
