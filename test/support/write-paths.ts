import { randomUUID } from 'node:crypto';
import { balanceOf, moveMoney } from '#sim/core/ledger.js';
import { customers } from '#sim/products/customers/product.js';
import { receiveInboundPayment } from '#sim/products/mccy-accounts/money.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import {
  callsByCommand,
  capacityOf,
  type DynamoCall,
  recordDynamoCalls,
  sequentialRoundTrips,
} from './dynamo-calls.js';
import { fxTreasury } from './fx.js';
import { accountBatchBody, fundedEurAccount } from './mccy-batch.js';
import { jsonPost, type testSandbox } from './sandbox.js';
import { queueMessage } from './webhooks.js';

type World = Awaited<ReturnType<typeof testSandbox>>;

/** What one request cost in DynamoDB: every call, by command, and the longest chain one behind another. */
export interface WritePathCost {
  request: WritePath;
  status: number;
  calls: number;
  byCommand: Record<string, number>;
  sequential: number;
  /** Capacity units consumed, as DynamoDB on demand bills them (a read unit per 4 KB, a write unit per 1 KB). */
  readUnits: number;
  writeUnits: number;
}

/** A money-moving request the gateway answers, measured in DynamoDB calls (counted, not timed). */
export const WRITE_PATHS = [
  'keyed POST /v3/Accounts',
  'POST /v3/payments/fps, 1 transfer',
  'POST /v3/payments/fps, 10 transfers',
  'POST /v1/mccy/payments, 100 transactions',
  'DELETE /v1/mccy/payments/{batchId}',
  'POST /fx/v1/quote',
  'POST /fx/v1/ExecuteQuote',
  'POST /open-banking/outbound/v1/name-verification',
  'POST /v1/accounts/{accountId}/closure',
  'processor: TransactionSettled of a gateway payment',
  'processor: Fx.Trade.Executed of a gateway execution',
  'processor: Payments.Mccy.TransactionSettled of a gateway batch',
  'processor: AccountClosureCompleted of a gateway closure',
] as const;

export type WritePath = (typeof WRITE_PATHS)[number];

/**
 * Sends each request of `WRITE_PATHS` once through the sandbox gateway, or hands one webhook to the
 * processor, and counts the DynamoDB calls each made. Webhooks are not delivered meanwhile (the institution
 * is unsubscribed), so nothing else writes while a request is measured. Moves the sandbox clock: to a
 * Friday evening for the batch (so it is scheduled and can be cancelled), then back to a Monday morning.
 */
export async function measureWritePaths(world: World): Promise<WritePathCost[]> {
  const { sandbox, simulator } = world;
  const recorder = recordDynamoCalls(sandbox.dynamo.client);
  const subscribed = simulator.institution.subscribedToWebhooks;
  const costs: WritePathCost[] = [];
  const measure = async (request: WritePath, send: () => Promise<Response>): Promise<Response> => {
    recorder.reset();
    const response = await send();
    const calls: DynamoCall[] = recorder.calls();
    costs.push({
      request,
      status: response.status,
      calls: calls.length,
      byCommand: callsByCommand(calls),
      sequential: sequentialRoundTrips(calls),
      ...capacityOf(calls),
    });
    return response;
  };
  const keyed = (path: string, body: unknown, method = 'POST') =>
    world.gateway(path, { ...jsonPost(JSON.stringify(body), { 'Idempotency-Key': randomUUID() }), method });
  try {
    simulator.institution.subscribedToWebhooks = false;
    await simulator.setClock('2026-03-02T10:00:00Z');
    const opened = await measure('keyed POST /v3/Accounts', () =>
      keyed('/v3/Accounts', { accountName: 'Costs', owner: { name: 'Costs Ltd' }, sortCode: '040004' }),
    );
    const { iban } = ((await opened.json()) as { account: { iban: string } }).account;
    const run = randomUUID().slice(0, 8);
    const single = `wp-${run}-single`;
    const webhooksBefore = simulator.webhooks.length;
    await measure('POST /v3/payments/fps, 1 transfer', () =>
      keyed('/v3/payments/fps', fpsPayments(iban, [single])),
    );
    await measure('POST /v3/payments/fps, 10 transfers', () =>
      keyed(
        '/v3/payments/fps',
        fpsPayments(
          iban,
          Array.from({ length: 10 }, (_, i) => `wp-${run}-${i}`),
        ),
      ),
    );

    const accountId = await fundedEurAccount(world, 'Costs');
    await simulator.setClock('2026-03-06T18:00:00Z');
    const batchId = randomUUID();
    const endToEndIds = Array.from({ length: 100 }, (_, i) => `wp-${run}-b${i}`);
    await measure('POST /v1/mccy/payments, 100 transactions', () =>
      keyed('/v1/mccy/payments', accountBatchBody(accountId, batchId, endToEndIds)),
    );
    await measure('DELETE /v1/mccy/payments/{batchId}', () =>
      keyed(`/v1/mccy/payments/${batchId}`, undefined, 'DELETE'),
    );

    await simulator.setClock('2026-03-09T10:00:00Z');
    const quoted = await measure('POST /fx/v1/quote', () =>
      keyed('/fx/v1/quote', {
        valueDate: '2026-03-10T00:00:00Z',
        instructedAmount: 100,
        fixedSide: 'sell',
        sellCurrency: 'EUR',
        buyCurrency: 'USD',
        margin: 0.01,
      }),
    );
    const { quoteId } = (await quoted.json()) as { quoteId: string };
    const treasury = fxTreasury(world);
    receiveInboundPayment(simulator, {
      institutionId: simulator.institution.id,
      accountUniqueId: treasury.id,
      currency: 'EUR',
      amount: new MoneyDecimal('1000.00'),
    });
    const side = { owner: 'Acme Ltd', iban: treasury.iban };
    const webhooksBeforeExecution = simulator.webhooks.length;
    await measure('POST /fx/v1/ExecuteQuote', () =>
      keyed('/fx/v1/ExecuteQuote', {
        quoteId,
        customerInformation: { sellAccount: side, buyAccount: side, attestation: 'Y' },
      }),
    );
    await measure('POST /open-banking/outbound/v1/name-verification', () =>
      keyed('/open-banking/outbound/v1/name-verification', {
        SchemeName: 'SortCodeAccountNumber',
        LegalOwnerType: 'Personal',
        OwnerName: ',,Jane Smith',
        Identification: '20000012345678',
        EndToEndIdentification: `wp-${run}-checked`,
      }),
    );

    // A savings account emptied, then closed: the bank completes the closure a minute later.
    const customerId = randomUUID();
    simulator.state.get(customers).set(customerId, {
      id: customerId,
      institutionId: simulator.institution.id,
      firstName: 'Jane',
      surname: 'Smith',
    } as never);
    const savings = await keyed('/v2/savings', {
      ownerName: 'Jane Smith',
      sortCode: '040004',
      productId: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
      customers: [{ customerId }],
    });
    if (savings.status !== 201)
      throw new Error(`the savings account was not opened: ${await savings.text()}`);
    const savingsId = ((await savings.json()) as { account: { accountId: string } }).account.accountId;
    moveMoney(
      simulator.state,
      savingsId,
      balanceOf(simulator.state, savingsId).amount.negated(),
      simulator.clock.now(),
    );
    await measure('POST /v1/accounts/{accountId}/closure', () =>
      keyed(`/v1/accounts/${savingsId}/closure`, { closureReason: 'AccountSwitched' }),
    );

    // A batch the bank processes at once, then an hour for it, the trade and the payment to settle.
    const processedBatch = randomUUID();
    const processed = await keyed(
      '/v1/mccy/payments',
      accountBatchBody(accountId, processedBatch, [`wp-${run}-p1`, `wp-${run}-p2`]),
    );
    if (processed.status !== 202) throw new Error(`the batch was not taken: ${await processed.text()}`);
    await simulator.advanceClock(60 * 60_000);

    // Each webhook handed to the processor as the receiver would queue it.
    const webhookOf = (type: string, about: string, from = webhooksBefore) => {
      const found = simulator.webhooks
        .slice(from)
        .find((webhook) => webhook.type === type && webhook.body.includes(about));
      if (found === undefined) throw new Error(`no ${type} about ${about}`);
      return found.body;
    };
    const process = (request: WritePath, body: string) =>
      measure(request, async () => {
        const handled = await sandbox.queue.receiveNow(queueMessage(body));
        return new Response(null, { status: handled ? 200 : 500 });
      });
    await process(
      'processor: TransactionSettled of a gateway payment',
      webhookOf('TransactionSettled', single),
    );
    await process(
      'processor: Fx.Trade.Executed of a gateway execution',
      // The bank's trade names no quote: the first trade executed after this execution is its trade.
      webhookOf('Fx.Trade.Executed', '', webhooksBeforeExecution),
    );
    await process(
      'processor: Payments.Mccy.TransactionSettled of a gateway batch',
      webhookOf('Payments.Mccy.TransactionSettled', processedBatch),
    );
    await process(
      'processor: AccountClosureCompleted of a gateway closure',
      webhookOf('AccountClosureCompleted', savingsId),
    );
    return costs;
  } finally {
    simulator.institution.subscribedToWebhooks = subscribed;
    recorder.stop();
  }
}

/** A `POST /v3/payments/fps` body of one instruction with one credit transfer per end-to-end id. */
function fpsPayments(debtorIban: string, endToEndIds: string[]) {
  return {
    paymentInstructions: [
      {
        paymentInstructionIdentification: `pi-${endToEndIds[0]}`,
        debtor: { address: '1 High Street' },
        debtorAccount: { identification: { iban: debtorIban } },
        creditTransfers: endToEndIds.map((endToEndId) => ({
          paymentIdentification: {
            endToEndIdentification: endToEndId,
            instructionIdentification: `i-${endToEndId}`,
          },
          amount: { instructedAmount: 1 },
          creditor: { name: 'Jane Smith' },
          creditorAccount: {
            identification: { other: { schemeName: { code: 'BBAN' }, identification: '20000087654321' } },
          },
          remittanceInformation: { structured: { creditorReferenceInformation: { reference: 'Rent' } } },
        })),
      },
    ],
  };
}
