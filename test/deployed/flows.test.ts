import { createPublicKey, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClearwayClient,
  ClearwayNotFoundError,
  createClearwayClient,
  type OperationRequest,
} from '#client/index.js';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { eventViolation } from '#shared/events/catalogue.js';
import { DynamoDbAttention } from '#shared/gateway/dynamodb-attention.js';
import type { ClearwayEvent } from '#shared/ports/events.js';
import { customerV2Examples } from '#shared/operations/customers-v2/examples.js';
import { fpsPaymentBody } from '../support/fps-payment.js';
import { mccyBatchBody, mccyTransaction } from '../support/mccy-batch.js';
import { deployedAssemblies } from './assemblies.js';
import { LocalDeployment } from './deployment.js';

/**
 * The simulation environment's synthesized templates, run locally: each flow goes through the functions'
 * bundles as deployed, their SDK calls authorized against their roles, and asserts that no call was denied.
 */
let deployment: LocalDeployment;
let clearway: ClearwayClient;

beforeAll(async () => {
  deployment = await LocalDeployment.start({ assemblyDir: (await deployedAssemblies()).simulation });
  clearway = createClearwayClient({
    baseUrl: deployment.internalApiUrl,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'AKIDWORKLOAD', secretAccessKey: 'workload-secret' },
    rules: { now: () => deployment.bank.clock.now() },
  });
}, 60_000);
afterAll(async () => {
  // Every event the functions put on the bus holds to its published schema.
  const violations = (deployment?.cloud.events ?? [])
    .map((event) => eventViolation(event as unknown as ClearwayEvent))
    .filter(Boolean);
  await deployment?.close();
  expect(violations).toEqual([]);
});

const bankAdmin = async (path: string, method: string, body: unknown) => {
  const response = await fetch(`${deployment.bank.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json();
};
const eventsOf = (detailType: string) =>
  deployment.cloud.events.filter((event) => event.detailType === detailType);

describe('the deployed functions, end to end on the synthesized simulation templates', () => {
  // First: the functions stamp X-Request-Time from the machine's clock, and later flows move the bank's clock on.
  it('creates a company director with the X-Request-Time its reference requires', async () => {
    const entity = await clearway.createLegalEntity({
      body: customerV2Examples.createLegalEntity.body as OperationRequest<'createLegalEntity'>['body'],
    });
    expect(entity.status).toBe(201);
    const director = await clearway.createDirector({
      body: {
        ...customerV2Examples.createDirector.body,
        customerId: (entity.body as { id: string }).id,
      } as OperationRequest<'createDirector'>['body'],
    });
    expect(director.status).toBe(201);
    const sent = deployment.bank.requests.filter(
      (request) => request.path === '/customers/v2/non-account-holder/directors',
    );
    expect(sent).toHaveLength(1);
    // The function stamps the machine's clock, as on AWS; the bank accepted it within its 60 seconds.
    expect(sent[0]?.headers['x-request-time']).toMatch(/^\d{10}$/);
    expect(deployment.denials()).toEqual([]);
  });

  it('verifies a signed webhook, queues it, answers with the signed nonce, and publishes one event', async () => {
    const before = deployment.cloud.events.length;

    // The bank answers POST /v1/Test with a signed FITestEvent webhook to the webhook API's method.
    const sent = await clearway.postTest({ body: { Message: 'deployed' } });
    await deployment.settle();

    expect(sent.status).toBe(200);
    // The bank judged the answer: HTTP 200, the same Nonce, signed by the institution's key (KMS).
    expect(deployment.bank.deliveries.at(-1)).toMatchObject({ type: 'FITestEvent', outcome: 'accepted' });
    expect(deployment.cloud.events.slice(before).map((event) => event.detailType)).toEqual(['FITestEvent']);
    expect(deployment.denials()).toEqual([]);
  });

  it('sends a keyed write with the token from the secret, a KMS signature, and its key kept in its table', async () => {
    const account = { accountName: 'Deployed', owner: { name: 'Acme Ltd' }, sortCode: '040004' };
    const idempotencyKey = randomUUID();

    const first = await clearway.createAccount({ body: account, idempotencyKey });
    const again = await clearway.createAccount({ body: account, idempotencyKey });

    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const created = deployment.bank.requests.filter((request) => request.path === '/v3/Accounts');
    expect(created.filter((request) => request.method === 'POST')).toHaveLength(1);
    const calls = deployment.cloud.calls.filter((call) => call.caller === 'sterling-accounts');
    expect(new Set(calls.map((call) => call.action))).toEqual(
      new Set([
        'secretsmanager:GetSecretValue',
        'kms:Sign',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
      ]),
    );
    expect(deployment.denials()).toEqual([]);
  });

  it('follows an FPS payment to Settled through /gateway/payments and its events', async () => {
    await bankAdmin('/__sim/payments/config', 'PATCH', { openingBalance: '1000.00' });
    const payer = (
      await clearway.createAccount({
        body: { accountName: 'Payer', owner: { name: 'Acme Ltd' }, sortCode: '040004' },
      })
    ).body.account;
    const endToEndId = `deployed-${randomUUID().slice(0, 8)}`;

    const sent = await clearway.sendFpsPayments({
      body: JSON.parse(
        fpsPaymentBody({
          debtorIban: payer.iban,
          endToEndId,
          amount: 12.5,
          creditorAccount: '20000012345678',
        }),
      ) as OperationRequest<'sendFpsPayments'>['body'],
    });
    expect(sent.status).toBe(202);
    await deployment.bank.advanceClock(10_000);
    await deployment.settle();

    const record = await clearway.gateway.getPayment({ pathParams: { endToEndId } });
    expect(record.body).toMatchObject({ endToEndId, status: 'Settled' });
    const changes = eventsOf('PaymentStatusChanged').filter(
      (event) => event.detail.endToEndId === endToEndId,
    );
    expect(changes.map((event) => event.detail.to).at(-1)).toBe('Settled');
    expect(
      eventsOf('TransactionSettled').some((event) => JSON.stringify(event.detail).includes(endToEndId)),
    ).toBe(true);
    expect(deployment.denials()).toEqual([]);
  });

  it('starts the workflow of a scheduled multi-currency batch and runs the template’s state machine', async () => {
    // Friday evening at the bank: the batch is scheduled for Monday.
    await deployment.bank.setClock('2026-03-06T18:00:00Z');
    const created = await fetch(`${deployment.internalApiUrl}/mccy/v2/Accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        label: 'Batches',
        owner: 'Acme Ltd',
        kind: 'YourFunds',
        currencies: ['EUR'],
        bankIdentifierCode: null,
        routingCode: null,
      }),
    });
    expect(created.status).toBe(201);
    const accountId = ((await created.json()) as { id: string }).id;
    await bankAdmin('/__sim/mccy/inbound-payments', 'POST', {
      account: accountId,
      currency: 'EUR',
      amount: 100_000,
    });
    const batchId = randomUUID();

    const sent = await fetch(`${deployment.internalApiUrl}/v1/mccy/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(
        mccyBatchBody({
          batchId,
          transactions: [
            mccyTransaction({ amount: 100, accountIdentifier: { kind: 'AccountId', identifier: accountId } }),
          ],
        }),
      ),
    });

    expect(sent.status).toBe(202);
    const [execution] = deployment.cloud.executions.filter((started) => started.name === batchId);
    expect(execution?.stateMachineArn).toBe(
      deployment.lambda('mccy-payments').fn.environment.MCCY_BATCH_WORKFLOW_ARN,
    );
    const input = JSON.parse(execution?.input ?? '{}') as { batchId?: string; cancellationDeadline: string };
    expect(input).toMatchObject({ batchId });

    const batch = await clearway.gateway.getMccyBatch({ pathParams: { batchId } });
    expect(batch.body).toMatchObject({ status: 'Scheduled' });

    // The template's definition runs with the state machine's role: past the deadline it closes the window.
    await deployment.bank.setClock(new Date(Date.parse(input.cancellationDeadline) + 1_000));
    await deployment.settle();
    const run = deployment.workflowExecutions().find((view) => view.name === batchId);
    expect(run?.states).toContain('CloseWindow');
    expect(run?.status).not.toBe('Failed');
    // The simulator's clock jumped past its own processing time too, so the transaction settled: the batch
    // closed its window, then finished.
    const closed = await clearway.gateway.getMccyBatch({ pathParams: { batchId } });
    const { status, history } = closed.body as { status: string; history: Array<{ status: string }> };
    expect(history.map((entry) => entry.status)).toContain('WindowClosed');
    expect(status).toBe('Completed');
    expect(deployment.denials()).toEqual([]);
  });

  it('follows a savings account closure to Complete through /gateway/account-closures and its events', async () => {
    const customer = await clearway.createRetailCustomer({
      body: {
        firstName: 'Jane',
        surname: 'Saver',
        dateOfBirth: '1990-02-28',
        email: 'jane.saver@example.com',
        currentAddress: {
          addressType: 'ResidentialAddress',
          countryCode: 'GBR',
          buildingNameNumber: '16',
          streetName: 'Sea Road',
          postalCode: 'N12 4NS',
        },
      },
    });
    const opened = await clearway.createSavingsAccount({
      body: {
        ownerName: 'Jane Saver',
        sortCode: '040004',
        productId: randomUUID(),
        customers: [{ customerId: (customer.body as { id: string }).id }],
      },
    });
    expect(opened.status).toBe(201);
    const { accountId } = (opened.body as { account: { accountId: string } }).account;

    // Opened empty, no interest due: the bank closes it without a nominated account.
    const closing = await clearway.closeAccount({
      pathParams: { accountId },
      body: { closureReason: 'AccountSwitched' },
    });
    expect(closing.status).toBe(202);
    await deployment.bank.advanceClock(120_000);
    await deployment.settle();

    const record = await clearway.gateway.getAccountClosureRecord({ pathParams: { accountId } });
    expect(record.body).toMatchObject({ accountId, status: 'Complete' });
    const moves = eventsOf('AccountClosureStatusChanged').filter(
      (event) => event.detail.accountId === accountId,
    );
    expect(moves.map((event) => event.detail.to)).toEqual(['Requested', 'Pending', 'Complete']);
    // The operation function claims and settles the record; the processor moves it on the webhook.
    const table = deployment.lambda('sterling-accounts').fn.environment.ACCOUNT_CLOSURES_TABLE as string;
    for (const caller of ['sterling-accounts', 'webhook-processor'])
      expect(
        deployment.cloud.calls.some(
          (call) =>
            call.caller === caller &&
            call.action === 'dynamodb:PutItem' &&
            call.resource.endsWith(`table/${table}`),
        ),
        caller,
      ).toBe(true);
    expect(deployment.denials()).toEqual([]);
  });

  it('serves every /gateway/ read from its own function and table', async () => {
    const unknown = `unknown-${randomUUID().slice(0, 8)}`;
    const misses = await Promise.all([
      clearway.gateway.getPayment({ pathParams: { endToEndId: unknown } }).catch((error: unknown) => error),
      clearway.gateway.getNameCheck({ pathParams: { endToEndId: unknown } }).catch((error: unknown) => error),
      clearway.gateway.getFxQuote({ pathParams: { quoteId: randomUUID() } }).catch((error: unknown) => error),
      clearway.gateway.getFxTrade({ pathParams: { endToEndId: unknown } }).catch((error: unknown) => error),
      clearway.gateway
        .getMccyBatch({ pathParams: { batchId: randomUUID() } })
        .catch((error: unknown) => error),
      clearway.gateway
        .getAccountClosureRecord({ pathParams: { accountId: randomUUID() } })
        .catch((error: unknown) => error),
    ]);
    const key = await fetch(`${deployment.internalApiUrl}/gateway/signing-key`);

    for (const miss of misses) expect(miss).toBeInstanceOf(ClearwayNotFoundError);
    expect(key.status).toBe(200);
    expect(createPublicKey(await key.text()).asymmetricKeyType).toBe('rsa');
    const readers = [
      'gateway-payments',
      'gateway-name-checks',
      'gateway-fx',
      'gateway-mccy',
      'gateway-account-closures',
      'gateway-signing-key',
    ];
    for (const reader of readers)
      expect(deployment.cloud.calls.some((call) => call.caller === reader)).toBe(true);
    expect(deployment.denials()).toEqual([]);
  });

  it('runs the daily token check on its schedule and warns of a token that expires in two days', async () => {
    const secret = deployment.templates.functions().find((fn) => fn.service === 'sterling-accounts')
      ?.environment.API_TOKEN_SECRET_ID as string;
    const expiresAt = new Date(Date.now() + 2.5 * 24 * 60 * 60 * 1000).toISOString();
    deployment.cloud.putSecretValue(secret, JSON.stringify({ token: 'renew-me', expiresAt }));
    const before = deployment.cloud.events.length;

    await deployment.runSchedule('token-expiry-check');

    const published = deployment.cloud.events.slice(before);
    expect(published.map((event) => event.detailType)).toEqual(['ApiTokenExpiring']);
    expect(published[0]?.detail).toMatchObject({ expiresAt, daysLeft: 2, expired: false });
    expect(deployment.denials()).toEqual([]);
  });

  it('runs the attention sweep on its schedule and counts a record left waiting for the bank', async () => {
    const table = deployment.lambda('attention-sweep').fn.environment.ATTENTION_TABLE as string;
    const since = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    // As a tracker raises it (the harness's own client: what is checked is the sweep's role).
    await new DynamoDbAttention(
      new DynamoDBClient({
        endpoint: deployment.cloud.dynamoEndpoint,
        region: 'eu-west-2',
        credentials: { accessKeyId: 'harness', secretAccessKey: 'harness' },
      }),
      table,
    ).raise({
      kind: 'payment',
      id: 'e2e-stuck',
      reason: 'outcome-unknown',
      since,
      path: '/gateway/payments/e2e-stuck',
      detail: 'lost answer',
    });

    const swept = await deployment.runSchedule('attention-sweep');

    expect(swept).toEqual({ overdue: 1 });
    expect(deployment.denials()).toEqual([]);
  });
});
