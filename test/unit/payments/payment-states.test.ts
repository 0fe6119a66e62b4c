import { describe, expect, it } from 'vitest';
import { type AttentionItem, OUTCOME_CONFLICT_METRIC } from '#shared/gateway/attention.js';
import type { TrackedCall } from '#shared/gateway/tracker.js';
import { JsonNumber } from '#shared/json/read-json.js';
import type { BankBookings } from '#shared/payments/ports.js';
import { paymentsTracker, paymentsWebhookHook } from '#shared/payments/track.js';
import { isClaimable, type PaymentRecord } from '#shared/payments/status.js';
import type { ClearwayEvent, GatewayEvent } from '#shared/ports/events.js';
import { MemoryPaymentStore } from './memory-store.js';

const at = new Date('2026-03-02T09:00:00Z');

/** A v3 bulk body with these end-to-end ids, numbers as the safe reader gives them. */
function bulkBody(...endToEndIds: string[]) {
  return {
    paymentInstructions: [
      {
        debtorAccount: { identification: { iban: 'GB33BUKB20201555555555' } },
        paymentInstructionIdentification: 'pi-1',
        creditTransfers: endToEndIds.map((endToEndId, index) => ({
          paymentIdentification: {
            instructionIdentification: `ii-${index}`,
            endToEndIdentification: endToEndId,
          },
          amount: { currency: 'GBP', instructedAmount: new JsonNumber('10.50') },
          creditor: { name: 'Creditor' },
          creditorAccount: {
            identification: { other: { identification: '12345687654321', schemeName: { code: 'BBAN' } } },
          },
          remittanceInformation: {},
        })),
      },
    ],
  };
}

const singleBody = (endToEndId: string) => ({
  paymentInstruction: {
    debtorAccount: { identification: { iban: 'GB33BUKB20201555555555' } },
    creditTransfer: {
      paymentIdentification: { endToEndIdentification: endToEndId },
      amount: { instructedAmount: new JsonNumber('1.00') },
      creditorAccount: { identification: { iban: 'GB94BARC10201530093459' } },
    },
  },
});

/** The attention list in memory: one item per kind, id and reason, the first `since` kept. */
function memoryAttention() {
  const items = new Map<string, AttentionItem>();
  const keyOf = (kind: string, id: string, reason: string) => `${kind}#${id}#${reason}`;
  return {
    items,
    raise: async (item: AttentionItem) => {
      const key = keyOf(item.kind, item.id, item.reason);
      if (!items.has(key)) items.set(key, item);
    },
    clear: async (kind: string, id: string, reason: string) => {
      items.delete(keyOf(kind, id, reason));
    },
  };
}

function setup(bookings?: BankBookings) {
  const store = new MemoryPaymentStore();
  const published: ClearwayEvent[] = [];
  const bus = { failNext: 0 };
  const errors: string[] = [];
  const errorDetails: Array<Record<string, unknown>> = [];
  const attention = memoryAttention();
  const conflicts = { counted: 0 };
  const deps = {
    store,
    attention,
    count: (metric: string) => {
      if (metric === OUTCOME_CONFLICT_METRIC) conflicts.counted++;
    },
    events: {
      publish: async (event: ClearwayEvent) => {
        if (bus.failNext > 0) {
          bus.failNext--;
          throw new Error('EventBridge unavailable');
        }
        published.push(event);
      },
    },
    log: {
      debug() {},
      info() {},
      warn() {},
      error: (message: string, details?: Record<string, unknown>) => {
        errors.push(message);
        errorDetails.push(details ?? {});
      },
    },
    ...(bookings && { bookings }),
  };
  const tracker = paymentsTracker(deps);
  const hook = paymentsWebhookHook(deps);
  const call = (
    requestId: string,
    body: unknown = bulkBody('e2e-1'),
    operationId = 'sendFpsPayments',
  ): TrackedCall => ({
    operationId,
    body,
    requestId,
    now: at,
  });
  const answered202 = (requestId: string, responses: Record<string, string>, body?: unknown) =>
    tracker.settle(call(requestId, body ?? bulkBody(...Object.keys(responses))), {
      status: 202,
      body: {
        transactions: Object.entries(responses).map(([endToEndIdentification, response]) => ({
          endToEndIdentification,
          response,
        })),
      },
    });
  const webhook = (type: string, key: string, payload: Record<string, unknown>) =>
    hook({ type, version: 1, key, payload, receivedAt: at.toISOString(), now: at });
  const settledWebhook = (
    endToEndId: string,
    key = `settled-${endToEndId}`,
    extra: Record<string, unknown> = {},
  ) =>
    webhook('TransactionSettled', key, {
      TransactionId: key,
      Status: 'Settled',
      Scheme: 'FasterPayments',
      EndToEndTransactionId: endToEndId,
      Amount: new JsonNumber('10.50'),
      CurrencyCode: 'GBP',
      DebitCreditCode: 'Debit',
      Account: { IBAN: 'GB33BUKB20201555555555', BBAN: 'BUKB20201555555555' },
      CounterpartAccount: { IBAN: 'GB94BARC10201530093459' },
      ...extra,
    });
  const rejectedWebhook = (endToEndId: string, key = `rejected-${endToEndId}`) =>
    webhook('TransactionRejected', key, {
      TransactionId: key,
      Status: 'Rejected',
      Scheme: 'FasterPayments',
      EndToEndTransactionId: endToEndId,
      Amount: new JsonNumber('10.50'),
      CurrencyCode: 'GBP',
      DebitCreditCode: 'Debit',
    });
  const statusOf = (endToEndId: string) => store.records.get(endToEndId)?.status;
  const record = (endToEndId: string) => store.records.get(endToEndId) as PaymentRecord;
  const changes = () =>
    (published as GatewayEvent[]).map(
      (event) => `${event.detail.endToEndId} ${event.detail.from}->${event.detail.to}`,
    );
  return {
    store,
    published,
    bus,
    errors,
    errorDetails,
    attention,
    conflicts,
    tracker,
    call,
    answered202,
    webhook,
    settledWebhook,
    rejectedWebhook,
    statusOf,
    record,
    changes,
  };
}

describe('claiming payments before the bank is called', () => {
  it('claims one Submitted record per credit transfer, with masked accounts, decimal amount and the request id', async () => {
    const { tracker, call, record, changes } = setup();
    expect(await tracker.claim(call('req-1', bulkBody('e2e-1', 'e2e-2')))).toBeUndefined();
    expect(record('e2e-1')).toMatchObject({
      endToEndId: 'e2e-1',
      status: 'Submitted',
      scheme: 'FPS',
      direction: 'Outbound',
      amount: '10.50',
      currency: 'GBP',
      debtorAccount: '****5555',
      creditorAccount: '****4321',
      instructionIdentification: 'ii-0',
      requestId: 'req-1',
      history: [{ from: null, to: 'Submitted', cause: 'claim', at: at.toISOString() }],
    });
    expect(record('e2e-2').instructionIdentification).toBe('ii-1');
    expect(JSON.stringify(record('e2e-1'))).not.toContain('12345687654321');
    expect(changes()).toEqual(['e2e-1 null->Submitted', 'e2e-2 null->Submitted']);
  });

  it('reads a single payment (v2) too: sterling, no instruction identification', async () => {
    const { tracker, call, record } = setup();
    await tracker.claim(call('req-1', singleBody('single-1'), 'sendFpsSinglePayment'));
    expect(record('single-1')).toMatchObject({
      status: 'Submitted',
      amount: '1.00',
      currency: 'GBP',
      creditorAccount: '****3459',
    });
    expect(record('single-1').instructionIdentification).toBeUndefined();
  });

  it('lets a retry of the same request (same request id) claim again without change', async () => {
    const { tracker, call, record, published } = setup();
    await tracker.claim(call('req-1'));
    expect(await tracker.claim(call('req-1'))).toBeUndefined();
    expect(record('e2e-1').history).toHaveLength(1);
    expect(published).toHaveLength(1);
  });

  it('refuses another request for a live end-to-end id with a 409 naming the record, and gives back what it took', async () => {
    const { tracker, call, statusOf } = setup();
    await tracker.claim(call('req-1', bulkBody('e2e-2')));
    const refusal = await tracker.claim(call('req-2', bulkBody('e2e-1', 'e2e-2')));
    expect(refusal?.status).toBe(409);
    const body = JSON.parse(refusal?.body ?? '{}');
    expect(body).toMatchObject({ status: 409, instance: '/gateway/payments/e2e-2' });
    expect(body.detail).toContain('/gateway/payments/e2e-2');
    expect(statusOf('e2e-2')).toBe('Submitted');
    // e2e-1 was taken by req-2 before the conflict: given back, claimable again.
    expect(statusOf('e2e-1')).toBe('Refused');
    expect(await tracker.claim(call('req-3', bulkBody('e2e-1')))).toBeUndefined();
  });

  it('claims every transfer before failing when one claim fails, so a retry with the same request id holds them all', async () => {
    const { tracker, call, store, record } = setup();
    const create = store.create.bind(store);
    let failures = 1;
    store.create = async (payment) => {
      if (payment.endToEndId === 'e2e-2' && failures-- > 0) throw new Error('DynamoDB unavailable');
      return create(payment);
    };
    const body = bulkBody('e2e-1', 'e2e-2', 'e2e-3');
    await expect(tracker.claim(call('req-1', body))).rejects.toThrow('DynamoDB unavailable');
    // Side by side: the others were claimed, none is left half-written.
    expect(record('e2e-1').requestId).toBe('req-1');
    expect(record('e2e-3').requestId).toBe('req-1');
    expect(await tracker.claim(call('req-1', body))).toBeUndefined();
    expect(['e2e-1', 'e2e-2', 'e2e-3'].map((id) => [record(id).requestId, record(id).status])).toEqual([
      ['req-1', 'Submitted'],
      ['req-1', 'Submitted'],
      ['req-1', 'Submitted'],
    ]);
  });

  it('settles from the records as claimed, reading none of them again when nothing moved them', async () => {
    const { tracker, store, statusOf } = setup();
    const tracked = {
      operationId: 'sendFpsPayments',
      body: bulkBody('e2e-1', 'e2e-2'),
      requestId: 'req-1',
      now: at,
    };
    expect(await tracker.claim(tracked)).toBeUndefined();
    const get = store.get.bind(store);
    let reads = 0;
    store.get = async (endToEndId) => {
      reads++;
      return get(endToEndId);
    };
    await tracker.settle(tracked, {
      status: 202,
      body: {
        transactions: [
          { endToEndIdentification: 'e2e-1', response: 'Accepted' },
          { endToEndIdentification: 'e2e-2', response: 'InsufficientFunds' },
        ],
      },
    });
    expect(reads).toBe(0);
    expect([statusOf('e2e-1'), statusOf('e2e-2')]).toEqual(['Accepted', 'InsufficientFunds']);
  });

  it.each(['Accepted', 'Settled'])('refuses a new request for a payment that is %s', async (status) => {
    const { tracker, call, answered202, settledWebhook } = setup();
    await tracker.claim(call('req-1'));
    await answered202('req-1', { 'e2e-1': 'Accepted' });
    if (status === 'Settled') await settledWebhook('e2e-1');
    expect((await tracker.claim(call('req-2')))?.status).toBe(409);
  });

  it.each([
    ['a 202 refusal', 'InsufficientFunds'],
    ['a 202 Rejected', 'Rejected'],
    ['TransactionRejected', 'Rejected'],
    ['validation failed', 'ValidationFailed'],
    ['assessment failed', 'AssessmentFailed'],
    ['a whole-request 4xx', 'Refused'],
  ])(
    'lets a new request claim a payment that ended with %s, as a new generation with its history kept',
    async (cause, status) => {
      const s = setup();
      await s.tracker.claim(s.call('req-1'));
      if (cause === 'TransactionRejected') await s.rejectedWebhook('e2e-1');
      else if (cause === 'validation failed')
        await s.webhook('PaymentMessageValidationFailed', 'v-1', {
          MessageId: 'req-1',
          ValidationFailure: 'x',
        });
      else if (cause === 'assessment failed')
        await s.webhook('PaymentMessageAssesmentFailed', 'a-1', {
          MessageId: 'req-1',
          AssesmentFailure: 'x',
        });
      else if (cause === 'a whole-request 4xx')
        await s.tracker.settle(s.call('req-1'), { status: 400, body: { title: 'Bad' } });
      else await s.answered202('req-1', { 'e2e-1': status });
      expect(s.statusOf('e2e-1')).toBe(status);

      expect(await s.tracker.claim(s.call('req-2'))).toBeUndefined();
      const record = s.record('e2e-1');
      expect(record).toMatchObject({ status: 'Submitted', requestId: 'req-2', generation: 2 });
      expect(record.history.map((t) => `${t.from}->${t.to}`)).toEqual([
        'null->Submitted',
        `Submitted->${status}`,
        `${status}->Submitted`,
      ]);
      expect(new Set(record.history.map((t) => t.transitionId)).size).toBe(3);
    },
  );

  it('never lets a new request claim a payment the bank reported Settled, though a conflicting rejection is its latest status', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1'));
    await s.settledWebhook('e2e-1');
    await s.rejectedWebhook('e2e-1');
    expect(s.statusOf('e2e-1')).toBe('Rejected');

    // The money may have moved: sending the id again could pay twice.
    const refusal = await s.tracker.claim(s.call('req-2'));
    expect(refusal?.status).toBe(409);
    expect(s.record('e2e-1')).toMatchObject({ status: 'Rejected', requestId: 'req-1', generation: 1 });
  });

  it('does not let a late answer to the old request move the re-claimed payment', async () => {
    const { tracker, call, answered202, statusOf } = setup();
    await tracker.claim(call('req-1'));
    await answered202('req-1', { 'e2e-1': 'InsufficientFunds' });
    await tracker.claim(call('req-2'));
    await tracker.settle(call('req-1'), { status: 400, body: undefined });
    expect(statusOf('e2e-1')).toBe('Submitted');
  });
});

describe('settling on the bank answer', () => {
  it('moves each end-to-end id to its own response of the 202', async () => {
    const { tracker, call, answered202, statusOf, record } = setup();
    await tracker.claim(call('req-1', bulkBody('e2e-1', 'e2e-2')));
    await answered202('req-1', { 'e2e-1': 'Accepted', 'e2e-2': 'InvalidAccount' });
    expect(statusOf('e2e-1')).toBe('Accepted');
    expect(statusOf('e2e-2')).toBe('InvalidAccount');
    expect(record('e2e-1').history[1]).toMatchObject({ from: 'Submitted', to: 'Accepted', cause: '202' });
  });

  it('reads the single payment answer {transaction}', async () => {
    const { tracker, call, statusOf } = setup();
    await tracker.claim(call('req-1', singleBody('s-1'), 'sendFpsSinglePayment'));
    await tracker.settle(call('req-1', singleBody('s-1'), 'sendFpsSinglePayment'), {
      status: 202,
      body: { transaction: { endToEndIdentification: 's-1', response: 'Accepted' } },
    });
    expect(statusOf('s-1')).toBe('Accepted');
  });

  it('records the single payment’s AccountDisabled as the refusal it is, final and claimable again', async () => {
    const { tracker, call, statusOf, record, attention } = setup();
    const single = call('req-1', singleBody('s-1'), 'sendFpsSinglePayment');
    await tracker.claim(single);
    await tracker.settle(single, {
      status: 202,
      body: { transaction: { endToEndIdentification: 's-1', response: 'AccountDisabled' } },
    });
    expect(statusOf('s-1')).toBe('AccountDisabled');
    expect(isClaimable(record('s-1'))).toBe(true);
    expect(attention.items.size).toBe(0);
  });

  it('reports a response the records have no status for (one the bank adds later) as unknown, raised, never as unanswered', async () => {
    const { tracker, call, statusOf, attention } = setup();
    const single = call('req-1', singleBody('s-1'), 'sendFpsSinglePayment');
    await tracker.claim(single);
    await tracker.settle(single, {
      status: 202,
      body: { transaction: { endToEndIdentification: 's-1', response: 'AccountSuspended' } },
    });
    expect(statusOf('s-1')).toBe('OutcomeUnknown');
    expect([...attention.items.values()]).toEqual([
      expect.objectContaining({
        id: 's-1',
        reason: 'outcome-unknown',
        detail: expect.stringContaining('does not know'),
      }),
    ]);
  });

  it('marks every claimed record Refused on a whole-request 4xx, with the status as cause', async () => {
    const { tracker, call, statusOf, record } = setup();
    await tracker.claim(call('req-1', bulkBody('e2e-1', 'e2e-2')));
    await tracker.settle(call('req-1', bulkBody('e2e-1', 'e2e-2')), { status: 422, body: {} });
    expect([statusOf('e2e-1'), statusOf('e2e-2')]).toEqual(['Refused', 'Refused']);
    expect(record('e2e-1').history[1]?.cause).toBe('422');
  });

  it('row 2 (issue 27): a lost answer puts the records in OutcomeUnknown, raised for attention, until the bank’s word clears it', async () => {
    const { tracker, call, answered202, attention, changes, record, statusOf } = setup();
    await tracker.claim(call('req-1'));
    await tracker.settle(call('req-1'), { unknown: 'no-answer' });

    expect(record('e2e-1').history.at(-1)).toMatchObject({
      from: 'Submitted',
      to: 'OutcomeUnknown',
      cause: 'no-answer',
    });
    expect(changes()).toEqual(['e2e-1 null->Submitted', 'e2e-1 Submitted->OutcomeUnknown']);
    expect([...attention.items.values()]).toEqual([
      {
        kind: 'payment',
        id: 'e2e-1',
        reason: 'outcome-unknown',
        since: at.toISOString(),
        path: '/gateway/payments/e2e-1',
        detail: expect.stringContaining('never arrived'),
      },
    ]);
    // The detail names the creditor masked, never the whole account number.
    expect([...attention.items.values()][0]?.detail).toContain('****4321');
    expect([...attention.items.values()][0]?.detail).not.toContain('12345687654321');

    // The retry with the same key reaches the bank, whose 202 decides.
    await answered202('req-1', { 'e2e-1': 'Accepted' });
    expect(statusOf('e2e-1')).toBe('Accepted');
    expect(attention.items.size).toBe(0);
  });

  it('lists nothing once a webhook settles the payment right after its lost answer is written', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1'));
    // The bank's word arrives between the tracker's write and anything it does after.
    s.store.afterNextWrite = async () => void (await s.settledWebhook('e2e-1'));
    await s.tracker.settle(s.call('req-1'), { unknown: 'no-answer' });

    expect(s.record('e2e-1').history.map((t) => t.to)).toEqual(['Submitted', 'OutcomeUnknown', 'Settled']);
    expect(s.attention.items.size).toBe(0);
  });

  it('row 2 (issue 27): "already processed" with no read-back is unknown too; the webhook settles and clears it; a late unknown moves nothing', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1', bulkBody('e2e-1', 'e2e-2')));
    await s.settledWebhook('e2e-2');
    await s.tracker.settle(s.call('req-1', bulkBody('e2e-1', 'e2e-2')), { unknown: 'already-processed' });

    expect(s.record('e2e-1').history.at(-1)).toMatchObject({
      to: 'OutcomeUnknown',
      cause: 'already-processed',
    });
    expect(s.statusOf('e2e-2')).toBe('Settled');
    expect([...s.attention.items.keys()]).toEqual(['payment#e2e-1#outcome-unknown']);

    await s.settledWebhook('e2e-1');
    expect(s.record('e2e-1').history.at(-1)).toMatchObject({ from: 'OutcomeUnknown', to: 'Settled' });
    expect(s.attention.items.size).toBe(0);
  });

  it('reads the bank’s payment data when an earlier attempt was processed but its 202 was lost: this send’s booking is Accepted, no debit Refused, a failed read unknown', async () => {
    const thisSend = {
      debit: true,
      amount: '10.5',
      account: '12345687654321',
      bookedAt: '2026-03-02T09:00:01Z',
      status: 'ACSC',
    };
    const { tracker, call, statusOf, record, attention } = setup({
      bookingsOf: async (endToEndId) => {
        if (endToEndId === 'e2e-3') throw new Error('bank unavailable');
        return endToEndId === 'e2e-1' ? [thisSend] : [{ ...thisSend, debit: false }];
      },
    });
    const body = bulkBody('e2e-1', 'e2e-2', 'e2e-3');
    await tracker.claim(call('req-1', body));
    await tracker.settle(call('req-1', body), { unknown: 'already-processed' });

    expect([statusOf('e2e-1'), statusOf('e2e-2'), statusOf('e2e-3')]).toEqual([
      'Accepted',
      'Refused',
      'OutcomeUnknown',
    ]);
    expect(record('e2e-2')?.history.at(-1)).toMatchObject({
      from: 'Submitted',
      to: 'Refused',
      cause: 'read-back',
    });
    expect([...attention.items.keys()]).toEqual(['payment#e2e-3#outcome-unknown']);
  });

  it('row 6 (issue 27): a read-back counts only this send’s booking: an earlier, a rejected, another amount’s or another creditor’s debit leaves the outcome unknown, raised', async () => {
    const booking = {
      debit: true,
      amount: '10.50',
      account: '12345687654321',
      bookedAt: '2026-03-02T09:00:00.500Z',
      status: 'ACSP',
    };
    const seen: Record<string, object> = {
      'e2e-early': { ...booking, bookedAt: '2026-03-02T08:59:59.999Z', status: 'ACSC' },
      'e2e-rejected': { ...booking, status: 'RJCT' },
      'e2e-amount': { ...booking, amount: '10.51' },
      'e2e-creditor': { ...booking, account: '20000012345678' },
      'e2e-return': { ...booking, isReturn: true },
      'e2e-mine': booking,
    };
    const ids = Object.keys(seen);
    const { tracker, call, statusOf, record, attention } = setup({
      bookingsOf: async (endToEndId) => [seen[endToEndId] as typeof booking & { isReturn?: boolean }],
    });
    await tracker.claim(call('req-1', bulkBody(...ids)));
    await tracker.settle(call('req-1', bulkBody(...ids)), { unknown: 'already-processed' });

    expect(ids.map(statusOf)).toEqual([
      'OutcomeUnknown',
      'OutcomeUnknown',
      'OutcomeUnknown',
      'OutcomeUnknown',
      'OutcomeUnknown',
      'Accepted',
    ]);
    expect(record('e2e-early').history.at(-1)).toMatchObject({ to: 'OutcomeUnknown', cause: 'read-back' });
    expect(attention.items.size).toBe(5);
    expect([...attention.items.values()][0]?.detail).toContain('no booking of this send');
  });

  it('keeps the answer going when the bus fails: the failure is logged, the record moved', async () => {
    const { tracker, call, answered202, bus, errors, statusOf } = setup();
    await tracker.claim(call('req-1'));
    bus.failNext = 1;
    await answered202('req-1', { 'e2e-1': 'Accepted' });
    expect(statusOf('e2e-1')).toBe('Accepted');
    expect(errors).toEqual(['PaymentStatusChanged could not be published']);
  });
});

describe('the 202 and the webhooks in any order, each transition exactly once', () => {
  type Step = '202' | 'settled' | 'duplicate';
  const orders: Step[][] = [
    ['202', 'settled'],
    ['settled', '202'],
    ['202', 'settled', 'duplicate'],
    ['settled', 'duplicate', '202'],
    ['settled', '202', 'duplicate'],
  ];
  it.each(orders)('ends Settled for %s, %s, %s', async (...steps) => {
    const s = setup();
    await s.tracker.claim(s.call('req-1'));
    for (const step of steps) {
      if (step === '202') await s.answered202('req-1', { 'e2e-1': 'Accepted' });
      else await s.settledWebhook('e2e-1');
    }
    expect(s.statusOf('e2e-1')).toBe('Settled');
    const moves = s.record('e2e-1').history.map((t) => `${t.from}->${t.to}`);
    expect(moves).toEqual(
      steps[0] === '202'
        ? ['null->Submitted', 'Submitted->Accepted', 'Accepted->Settled']
        : ['null->Submitted', 'Submitted->Settled'],
    );
    // Each transition published once, except the duplicate's republication of its own transition.
    const ids = (s.published as GatewayEvent[]).map((event) => event.detail.transitionId);
    expect(new Set(ids).size).toBe(moves.length);
  });

  it.each([
    ['TransactionRejected', 'Rejected'],
    ['PaymentMessageValidationFailed', 'ValidationFailed'],
    ['PaymentMessageAssesmentFailed', 'AssessmentFailed'],
  ])('%s before or after an Accepted 202 ends %s', async (type, status) => {
    for (const first of ['202', 'webhook']) {
      const s = setup();
      await s.tracker.claim(s.call('req-1'));
      const hook = () =>
        type === 'TransactionRejected'
          ? s.rejectedWebhook('e2e-1')
          : s.webhook(type, `${type}-1`, { MessageId: 'req-1', PaymentMethodType: 'FPS' });
      if (first === '202') {
        await s.answered202('req-1', { 'e2e-1': 'Accepted' });
        await hook();
      } else {
        await hook();
        await s.answered202('req-1', { 'e2e-1': 'Accepted' });
      }
      expect(s.statusOf('e2e-1')).toBe(status);
    }
  });

  it('moves every payment of the request a validation failure names by its message id (the X-Request-Id)', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1', bulkBody('e2e-1', 'e2e-2')));
    await s.webhook('PaymentMessageValidationFailed', 'v-1', { MessageId: 'req-1' });
    expect([s.statusOf('e2e-1'), s.statusOf('e2e-2')]).toEqual(['ValidationFailed', 'ValidationFailed']);
    expect(s.changes().slice(2)).toEqual([
      'e2e-1 Submitted->ValidationFailed',
      'e2e-2 Submitted->ValidationFailed',
    ]);
  });

  it('moves only the transfers a failure entry names, the request’s others go on', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1', bulkBody('e2e-1', 'e2e-2')));
    await s.answered202('req-1', { 'e2e-1': 'Accepted', 'e2e-2': 'Accepted' });
    await s.webhook('PaymentMessageAssesmentFailed', 'a-1', {
      MessageId: 'req-1',
      AssesmentFailure: [{ EndToEndId: 'e2e-2', Reasons: ['Inbound scheme not accepted'] }],
    });
    expect([s.statusOf('e2e-1'), s.statusOf('e2e-2')]).toEqual(['Accepted', 'AssessmentFailed']);
  });

  it('finds the failed transfer by its entry when the message id is not a request of ours', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1', bulkBody('e2e-1', 'e2e-2')));
    await s.webhook('PaymentMessageValidationFailed', 'v-2', {
      MessageId: '164ac6a0-8e15-4592-b99e-c0a7399f1295',
      // The assessment page's table gives one object rather than an array: read both.
      ValidationFailure: { EndToEndId: 'e2e-1', Reasons: ['Creditor name contains invalid characters'] },
    });
    expect([s.statusOf('e2e-1'), s.statusOf('e2e-2')]).toEqual(['ValidationFailed', 'Submitted']);
  });

  it('never moves a final payment back to Accepted; a contradicting final outcome is a conflict (row 1)', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1', bulkBody('e2e-1', 'e2e-2')));
    await s.settledWebhook('e2e-1');
    await s.rejectedWebhook('e2e-1');
    await s.rejectedWebhook('e2e-2');
    await s.settledWebhook('e2e-2');
    await s.answered202('req-1', { 'e2e-1': 'Accepted', 'e2e-2': 'Accepted' });
    // Updated for issue 27 (row 1): the second outcome was dropped silently; now both are kept.
    expect([s.statusOf('e2e-1'), s.statusOf('e2e-2')]).toEqual(['Rejected', 'Settled']);
    expect(s.record('e2e-1').history.map((t) => t.to)).toEqual(['Submitted', 'Settled', 'Rejected']);
    expect(s.conflicts.counted).toBe(2);
  });

  it('row 1 (issue 27): a final outcome contradicting the one a payment had keeps both in its history, is logged with the key and counted, once', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1'));
    await s.settledWebhook('e2e-1', 'tx-1');
    await s.rejectedWebhook('e2e-1', 'tx-2');

    expect(s.record('e2e-1').status).toBe('Rejected');
    expect(
      s.record('e2e-1').history.map(({ from, to, cause, conflict }) => [from, to, cause, conflict]),
    ).toEqual([
      [null, 'Submitted', 'claim', undefined],
      ['Submitted', 'Settled', 'tx-1', undefined],
      ['Settled', 'Rejected', 'tx-2', true],
    ]);
    expect(s.errors).toEqual([
      'a payment’s final outcome conflicts with the one it had; both are in its history',
    ]);
    expect(s.errorDetails[0]).toMatchObject({
      endToEndId: 'e2e-1',
      from: 'Settled',
      to: 'Rejected',
      cause: 'tx-2',
    });
    expect(s.conflicts.counted).toBe(1);
    expect(s.changes().at(-1)).toBe('e2e-1 Settled->Rejected');

    // A redelivery finds its fact written; the first outcome again is a fact this generation already has.
    await s.rejectedWebhook('e2e-1', 'tx-2');
    await s.settledWebhook('e2e-1', 'tx-3');
    expect(s.record('e2e-1').history).toHaveLength(3);
    expect(s.conflicts.counted).toBe(1);
  });

  it('row 1 (issue 27): a refusal the gateway recorded, then a settlement, is a conflict too; from the 202 path as from webhooks', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1', bulkBody('e2e-1', 'e2e-2')));
    await s.settledWebhook('e2e-2');
    await s.answered202('req-1', { 'e2e-1': 'InsufficientFunds', 'e2e-2': 'InsufficientFunds' });
    await s.settledWebhook('e2e-1');

    expect(s.record('e2e-1').history.at(-1)).toMatchObject({
      from: 'InsufficientFunds',
      to: 'Settled',
      conflict: true,
    });
    expect(s.record('e2e-2').history.at(-1)).toMatchObject({
      from: 'Settled',
      to: 'InsufficientFunds',
      cause: '202',
      conflict: true,
    });
    expect(s.conflicts.counted).toBe(2);
  });

  it('row 1 (issue 27): two final outcomes that agree (not paid) are no conflict: the first stays, nothing is counted', async () => {
    const s = setup({ bookingsOf: async () => [] });
    await s.tracker.claim(s.call('req-1'));
    await s.answered202('req-1', { 'e2e-1': 'InsufficientFunds' });
    // A twin caller of the same key heard "already processed"; its read-back finds nothing booked.
    await s.tracker.settle(s.call('req-1'), { unknown: 'already-processed' });
    await s.tracker.claim(s.call('req-2', bulkBody('e2e-2')));
    await s.rejectedWebhook('e2e-2', 'tx-1');
    await s.webhook('PaymentMessageValidationFailed', 'v-1', {
      MessageId: 'req-2',
      ValidationFailure: [{ EndToEndId: 'e2e-2', Reasons: ['Creditor name contains invalid characters'] }],
    });

    expect([s.statusOf('e2e-1'), s.statusOf('e2e-2')]).toEqual(['InsufficientFunds', 'Rejected']);
    expect(s.conflicts.counted).toBe(0);
  });

  it('changes nothing on a duplicate webhook, and republishes its own transition with the same transitionId', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1'));
    await s.settledWebhook('e2e-1', 'tx-1');
    const first = s.published.at(-1) as GatewayEvent;
    await s.settledWebhook('e2e-1', 'tx-1');
    expect(s.record('e2e-1').history).toHaveLength(2);
    expect(s.published).toHaveLength(3);
    expect((s.published.at(-1) as GatewayEvent).detail.transitionId).toBe(first.detail.transitionId);
  });

  it('fails the webhook when the bus fails, and the redelivery publishes the transition it already wrote', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1'));
    s.bus.failNext = 1;
    await expect(s.settledWebhook('e2e-1', 'tx-1')).rejects.toThrow('EventBridge unavailable');
    expect(s.statusOf('e2e-1')).toBe('Settled');
    await s.settledWebhook('e2e-1', 'tx-1');
    expect(s.changes()).toEqual(['e2e-1 null->Submitted', 'e2e-1 Submitted->Settled']);
    expect(s.record('e2e-1').history).toHaveLength(2);
  });

  it('publishes PaymentStatusChanged from clearway.gateway with the record', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1'));
    await s.settledWebhook('e2e-1', 'tx-1');
    expect(s.published.at(-1)).toEqual({
      source: 'clearway.gateway',
      detailType: 'PaymentStatusChanged',
      detail: {
        key: 'PaymentStatusChanged:e2e-1/1/Settled',
        transitionId: 'e2e-1/1/Settled',
        endToEndId: 'e2e-1',
        from: 'Submitted',
        to: 'Settled',
        record: s.record('e2e-1'),
      },
    });
  });

  it('retries its conditional write when another writer moved the record first', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1'));
    s.store.beforeNextWrite = () => {
      const moved = s.store.records.get('e2e-1') as PaymentRecord;
      s.store.records.set('e2e-1', { ...moved, status: 'Accepted' });
    };
    await s.settledWebhook('e2e-1');
    expect(s.record('e2e-1').status).toBe('Settled');
    expect(s.record('e2e-1').history.at(-1)).toMatchObject({ from: 'Accepted', to: 'Settled' });
  });
});

describe('webhooks for payments the gateway did not claim', () => {
  it('creates an Outbound record from a settled debit it never saw, with the screening result', async () => {
    const s = setup();
    await s.settledWebhook('unknown-1', 'tx-9', {
      SupplementaryData: [
        { Name: 'AbusiveMessageScreeningResult', Value: 'Fail' },
        {
          Name: 'AbusiveMessageScreeningIdentifiers',
          Value:
            'paymentInstruction.creditTransfer.remittanceInformation.structured.creditorReferenceInformation.reference',
        },
      ],
    });
    expect(s.record('unknown-1')).toMatchObject({
      status: 'Settled',
      direction: 'Outbound',
      amount: '10.50',
      debtorAccount: '****5555',
      creditorAccount: '****3459',
      generation: 1,
      history: [
        {
          from: null,
          to: 'Settled',
          cause: 'tx-9',
          screening: { result: 'Fail', identifiers: expect.stringContaining('creditorReferenceInformation') },
        },
      ],
    });
    expect(s.record('unknown-1').requestId).toBeUndefined();
  });

  it('creates an Inbound record Settled for a credit seen the first time, and only once', async () => {
    const s = setup();
    await s.settledWebhook('in-1', 'tx-in', { DebitCreditCode: 'Credit' });
    await s.settledWebhook('in-1', 'tx-in', { DebitCreditCode: 'Credit' });
    expect(s.record('in-1')).toMatchObject({
      status: 'Settled',
      direction: 'Inbound',
      debtorAccount: '****3459',
      creditorAccount: '****5555',
    });
    expect(s.record('in-1').history).toHaveLength(1);
  });

  it('leaves our own payment alone when a credit with its end-to-end id arrives (an internal transfer)', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1'));
    await s.settledWebhook('e2e-1', 'tx-credit', { DebitCreditCode: 'Credit' });
    expect(s.record('e2e-1')).toMatchObject({ status: 'Submitted', direction: 'Outbound' });
  });

  it('creates nothing for a validation failure it cannot place, nor for other schemes or webhook types', async () => {
    const s = setup();
    await s.webhook('PaymentMessageValidationFailed', 'v-9', { MessageId: 'nobody' });
    await s.settledWebhook('bacs-1', 'tx-bacs', { Scheme: 'Bacs' });
    await s.webhook('AccountCreated', 'acc-1', { AccountId: 'a' });
    expect(s.store.records.size).toBe(0);
    expect(s.published).toHaveLength(0);
  });

  it('records the screening result as absent when SupplementaryData carries none', async () => {
    const s = setup();
    await s.tracker.claim(s.call('req-1'));
    await s.settledWebhook('e2e-1', 'tx-1', { SupplementaryData: [] });
    expect(s.record('e2e-1').history.at(-1)?.screening).toEqual({ result: 'absent' });
  });
});
