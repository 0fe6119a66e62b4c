import { describe, expect, it } from 'vitest';
import { type AttentionItem, OUTCOME_CONFLICT_METRIC } from '#shared/gateway/attention.js';
import type { TrackedCall } from '#shared/gateway/tracker.js';
import { JsonNumber } from '#shared/json/read-json.js';
import type { BankBookings } from '#shared/payments/ports.js';
import { HOLD_REASON } from '#shared/payments/read.js';
import { paymentsTracker, paymentsWebhookHook } from '#shared/payments/track.js';
import { isClaimable, type PaymentRecord } from '#shared/payments/status.js';
import type { ClearwayEvent, GatewayEvent } from '#shared/ports/events.js';
import { MemoryPaymentStore } from './memory-store.js';

/**
 * CHAPS, cross-border and held payments in the gateway's records: what each write claims, what its 202
 * `{paymentId}` records, how every webhook of the family moves a record in any order and exactly once, how a
 * hold shows and ends, and how a return is tied to the payment it gives back.
 */

const at = new Date('2026-03-02T10:00:00Z');
const PAYMENT_ID = '5d1e0e35-7c5a-4d6c-9a43-1f2f0a7b9c11';

const chapsBody = (endToEndId: string, extra: Record<string, unknown> = {}) => ({
  instructionIdentification: `instr-${endToEndId}`,
  endToEndIdentification: endToEndId,
  interBankSettlementAmount: { amount: new JsonNumber('1000.50'), currency: 'GBP' },
  sourceAccount: { iban: 'GB29NWBK60161331926819' },
  debtorAccount: { schemeName: 'SortcodeAccountNumber', identification: '040004-12345678' },
  creditorAccount: { schemeName: 'SortcodeAccountNumber', identification: '200000-55779911' },
  debtor: { name: 'Jane Smith' },
  creditor: { name: 'Bob Jones' },
  purpose: 'SALA',
  categoryPurpose: 'SALA',
  ...extra,
});

function memoryAttention() {
  const items = new Map<string, AttentionItem>();
  const keyOf = (kind: string, id: string, reason: string) => `${kind}#${id}#${reason}`;
  return {
    items,
    raise: async (item: AttentionItem) => {
      if (!items.has(keyOf(item.kind, item.id, item.reason)))
        items.set(keyOf(item.kind, item.id, item.reason), item);
    },
    clear: async (kind: string, id: string, reason: string) => {
      items.delete(keyOf(kind, id, reason));
    },
  };
}

function setup(bookings?: BankBookings) {
  const store = new MemoryPaymentStore();
  const published: ClearwayEvent[] = [];
  const errors: string[] = [];
  const warnings: string[] = [];
  const conflicts = { counted: 0 };
  const attention = memoryAttention();
  const deps = {
    store,
    attention,
    count: (metric: string) => {
      if (metric === OUTCOME_CONFLICT_METRIC) conflicts.counted++;
    },
    events: { publish: async (event: ClearwayEvent) => void published.push(event) },
    log: {
      debug() {},
      info() {},
      warn: (message: string) => void warnings.push(message),
      error: (message: string) => void errors.push(message),
    },
    ...(bookings && { bookings }),
  };
  const tracker = paymentsTracker(deps);
  const hook = paymentsWebhookHook(deps);
  const call = (operationId: string, requestId: string, body: unknown): TrackedCall => ({
    operationId,
    body,
    requestId,
    now: at,
  });
  /** A CHAPS customer payment claimed by `requestId` (its call, to settle). */
  const claim = async (
    endToEndId: string,
    requestId = `req-${endToEndId}`,
    operationId = 'createChapsCustomerPayment',
    body: unknown = chapsBody(endToEndId),
  ) => {
    const tracked = call(operationId, requestId, body);
    expect(await tracker.claim(tracked)).toBeUndefined();
    return tracked;
  };
  const accepted = (tracked: TrackedCall, paymentId = PAYMENT_ID) =>
    tracker.settle(tracked, { status: 202, body: { paymentId } });
  const webhook = (type: string, key: string, payload: Record<string, unknown>) =>
    hook({ type, version: 1, key, payload, receivedAt: at.toISOString(), now: at });
  const debit = (endToEndId: string, extra: Record<string, unknown> = {}) => ({
    TransactionId: PAYMENT_ID,
    Scheme: 'Chaps',
    EndToEndTransactionId: endToEndId,
    Amount: new JsonNumber('1000.50'),
    CurrencyCode: 'GBP',
    DebitCreditCode: 'Debit',
    IsReturn: false,
    Account: { IBAN: 'GB33BUKB04000412345678', BBAN: 'BUKB04000412345678' },
    CounterpartAccount: { IBAN: 'GB94BARC20000055779911' },
    ...extra,
  });
  const settled = (endToEndId: string, key = `settled-${endToEndId}`, extra: Record<string, unknown> = {}) =>
    webhook('TransactionSettled', key, { ...debit(endToEndId), Status: 'Settled', ...extra });
  const rejected = (
    endToEndId: string,
    key = `rejected-${endToEndId}`,
    extra: Record<string, unknown> = {},
  ) => webhook('TransactionRejected', key, { ...debit(endToEndId), Status: 'Rejected', ...extra });
  const outboundHeld = (
    endToEndId: string,
    key = `held-${endToEndId}`,
    extra: Record<string, unknown> = {},
  ) =>
    webhook('OutboundHeldTransaction', key, {
      TimestampCreated: '2026-03-02T10:01:00Z',
      Scheme: 'Chaps',
      CounterpartAccount: { BBAN: 'BARC20000055779911', IBAN: 'GB94BARC20000055779911' },
      Account: { BBAN: 'BUKB04000412345678', IBAN: 'GB33BUKB04000412345678' },
      TransactionAmount: new JsonNumber('1000.50'),
      PaymentReference: 'INV-1',
      EndToEndTransactionId: endToEndId,
      ...extra,
    });
  const inboundHeld = (
    endToEndId: string,
    key = `in-held-${endToEndId}`,
    extra: Record<string, unknown> = {},
  ) =>
    webhook('InboundHeldTransaction', key, {
      TimestampCreated: '2026-03-02T10:02:00Z',
      Scheme: 'Chaps',
      Account: { BBAN: 'BUKB04000412345678', IBAN: 'GB33BUKB04000412345678' },
      CounterpartAccount: { IBAN: 'GB58LOYD30963809547509' },
      TransactionAmount: new JsonNumber('250'),
      EndToEndTransactionId: endToEndId,
      ...extra,
    });
  const credit = (endToEndId: string, transactionId: string, key = `credit-${endToEndId}`) =>
    webhook('TransactionSettled', key, {
      ...debit(endToEndId),
      Status: 'Settled',
      TransactionId: transactionId,
      DebitCreditCode: 'Credit',
      Amount: new JsonNumber('250'),
      CounterpartAccount: { IBAN: 'GB58LOYD30963809547509' },
    });
  const failure = (type: string, key: string, messageId: string, endToEndId?: string) =>
    webhook(type, key, {
      MessageId: messageId,
      PaymentMethodType: 'Chaps',
      [type === 'PaymentMessageValidationFailed' ? 'ValidationFailure' : 'AssesmentFailure']:
        endToEndId === undefined ? [] : [{ EndToEndId: endToEndId, Reasons: ['Account not found'] }],
    });
  const record = (endToEndId: string) => store.records.get(endToEndId) as PaymentRecord;
  const moves = (endToEndId: string) =>
    record(endToEndId).history.map(
      (t) => `${t.from}->${t.to}${t.conflict ? ' (conflict)' : ''}${t.late ? ' (late)' : ''}`,
    );
  const changes = (endToEndId: string) =>
    (published as GatewayEvent[])
      .filter((event) => event.detail.endToEndId === endToEndId)
      .map((event) => event.detail.transitionId);
  return {
    store,
    published,
    errors,
    warnings,
    conflicts,
    attention,
    tracker,
    call,
    claim,
    accepted,
    webhook,
    settled,
    rejected,
    outboundHeld,
    inboundHeld,
    credit,
    failure,
    record,
    moves,
    changes,
  };
}

describe('claiming the CHAPS and cross-border writes', () => {
  it('claims a CHAPS customer payment on its end-to-end id, scheme CHAPS, accounts masked, sort code and number as one account', async () => {
    const s = setup();
    await s.claim('chaps-1', 'req-1');
    expect(s.record('chaps-1')).toMatchObject({
      endToEndId: 'chaps-1',
      status: 'Submitted',
      scheme: 'CHAPS',
      direction: 'Outbound',
      amount: '1000.50',
      currency: 'GBP',
      debtorAccount: '****5678',
      creditorAccount: '****9911',
      instructionIdentification: 'instr-chaps-1',
      requestId: 'req-1',
    });
    expect(JSON.stringify(s.record('chaps-1'))).not.toContain('55779911');
  });

  it('takes a bank-to-bank payment’s debtor from its source account, and names a cross-border payment CrossBorder', async () => {
    const s = setup();
    const { debtorAccount: _none, ...institution } = chapsBody('inst-1');
    await s.claim('inst-1', 'req-i', 'createChapsInstitutionPayment', institution);
    await s.claim(
      'xb-1',
      'req-x',
      'createCrossBorderPayment',
      chapsBody('xb-1', { creditorAccount: { iban: 'DE89370400440532013000' } }),
    );
    expect(s.record('inst-1')).toMatchObject({ scheme: 'CHAPS', debtorAccount: '****6819' });
    expect(s.record('xb-1')).toMatchObject({ scheme: 'CrossBorder', creditorAccount: '****3000' });
  });

  it('records the 202’s paymentId as the bank’s payment id, Accepted, and remembers which record it names', async () => {
    const s = setup();
    await s.accepted(await s.claim('chaps-1'));
    expect(s.record('chaps-1')).toMatchObject({ status: 'Accepted', paymentId: PAYMENT_ID });
    expect(s.record('chaps-1').history.at(-1)).toMatchObject({
      from: 'Submitted',
      to: 'Accepted',
      cause: '202',
    });
    expect(s.store.paymentIds.get(PAYMENT_ID)).toBe('chaps-1');
  });

  it('refuses a second request for a live CHAPS end-to-end id with a 409, and lets a refused one be claimed again', async () => {
    const s = setup();
    const first = await s.claim('chaps-1', 'req-1');
    const refusal = await s.tracker.claim(
      s.call('createChapsCustomerPayment', 'req-2', chapsBody('chaps-1')),
    );
    expect(refusal?.status).toBe(409);
    await s.tracker.settle(first, { status: 400, body: { title: 'Bad Request' } });
    expect(s.record('chaps-1').status).toBe('Refused');
    expect(isClaimable(s.record('chaps-1'))).toBe(true);
    await s.claim('chaps-1', 'req-3');
    expect(s.record('chaps-1')).toMatchObject({ status: 'Submitted', generation: 2, requestId: 'req-3' });
  });

  it('leaves the outcome unknown, raised, when no answer came', async () => {
    const s = setup();
    const tracked = await s.claim('chaps-1');
    await s.tracker.settle(tracked, { unknown: 'no-answer' });
    expect(s.record('chaps-1').status).toBe('OutcomeUnknown');
    expect([...s.attention.items.keys()]).toEqual(['payment#chaps-1#outcome-unknown']);
    // The bank's word moves it on and clears the item, a hold as any other.
    await s.outboundHeld('chaps-1');
    expect(s.record('chaps-1').status).toBe('Held');
    expect(s.attention.items.size).toBe(0);
  });
});

describe('the webhooks of a CHAPS payment', () => {
  it.each([
    ['TransactionSettled', 'Settled'],
    ['TransactionRejected', 'Rejected'],
    ['PaymentMessageValidationFailed', 'ValidationFailed'],
    ['PaymentMessageAssesmentFailed', 'AssessmentFailed'],
  ])('%s moves an accepted CHAPS payment to %s, once', async (type, status) => {
    const s = setup();
    await s.accepted(await s.claim('chaps-1', 'req-1'));
    const deliver = () =>
      type === 'TransactionSettled'
        ? s.settled('chaps-1', 'w-1')
        : type === 'TransactionRejected'
          ? s.rejected('chaps-1', 'w-1')
          : s.failure(type, 'w-1', 'req-1', 'chaps-1');
    await deliver();
    await deliver();
    expect(s.record('chaps-1').status).toBe(status);
    expect(s.moves('chaps-1')).toEqual(['null->Submitted', 'Submitted->Accepted', `Accepted->${status}`]);
    expect(new Set(s.changes('chaps-1')).size).toBe(3);
  });

  it('keeps what a rejection said', async () => {
    const s = setup();
    await s.claim('chaps-1');
    await s.rejected('chaps-1', 'w-1', {
      CancellationCode: 'CB_CancelledByChapsMember',
      CancellationReason: 'Cancelled by CHAPS member',
    });
    expect(s.record('chaps-1').history.at(-1)?.cancellation).toEqual({
      code: 'CB_CancelledByChapsMember',
      reason: 'Cancelled by CHAPS member',
    });
  });

  it('records a CHAPS debit it never claimed, and a cross-border one by its TransactionSource', async () => {
    const s = setup();
    await s.settled('portal-1', 'w-1', { TransactionId: 'c6a2b1f0-0000-4000-8000-000000000001' });
    await s.settled('portal-2', 'w-2', {
      TransactionId: 'c6a2b1f0-0000-4000-8000-000000000002',
      TransactionSource: 'Cross Border GBP',
    });
    expect(s.record('portal-1')).toMatchObject({ status: 'Settled', scheme: 'CHAPS', direction: 'Outbound' });
    expect(s.record('portal-2')).toMatchObject({ scheme: 'CrossBorder', amount: '1000.50' });
  });
});

describe('an outbound hold: a visible status with its reason, released or declined', () => {
  it('shows Held with the pages’ reason and the time held, then settles when released', async () => {
    const s = setup();
    await s.accepted(await s.claim('chaps-1'));
    await s.outboundHeld('chaps-1', 'h-1');
    expect(s.record('chaps-1').status).toBe('Held');
    expect(s.record('chaps-1').history.at(-1)).toMatchObject({
      from: 'Accepted',
      to: 'Held',
      cause: 'h-1',
      hold: { reason: HOLD_REASON, heldAt: '2026-03-02T10:01:00Z' },
    });
    expect(isClaimable(s.record('chaps-1'))).toBe(false);
    await s.settled('chaps-1');
    expect(s.moves('chaps-1')).toEqual([
      'null->Submitted',
      'Submitted->Accepted',
      'Accepted->Held',
      'Held->Settled',
    ]);
  });

  it('ends Rejected with HOPRJ when declined, and may then be claimed again', async () => {
    const s = setup();
    await s.accepted(await s.claim('chaps-1'));
    await s.outboundHeld('chaps-1');
    await s.rejected('chaps-1', 'r-1', { CancellationCode: 'HOPRJ' });
    expect(s.record('chaps-1')).toMatchObject({ status: 'Rejected' });
    expect(s.record('chaps-1').history.at(-1)).toMatchObject({
      from: 'Held',
      to: 'Rejected',
      cancellation: { code: 'HOPRJ' },
    });
    expect(s.conflicts.counted).toBe(0);
    expect(isClaimable(s.record('chaps-1'))).toBe(true);
  });

  it('holds an FPS payment the same way (the hold pages name Faster Payments too)', async () => {
    const s = setup();
    await s.outboundHeld('fps-1', 'h-1', { Scheme: 'FasterPayments' });
    expect(s.record('fps-1')).toMatchObject({
      status: 'Held',
      scheme: 'FPS',
      direction: 'Outbound',
      amount: '1000.50',
    });
  });

  it('creates nothing for a hold without an end-to-end id or of an internal transfer it does not know', async () => {
    const s = setup();
    await s.outboundHeld('x', 'h-1', { EndToEndTransactionId: null });
    await s.outboundHeld('t-1', 'h-2', { Scheme: 'Transfer' });
    expect(s.store.records.size).toBe(0);
    expect(s.published).toHaveLength(0);
  });

  type Step = '202' | 'held' | 'settled' | 'duplicate held' | 'duplicate settled';
  const orders: Step[][] = [
    ['202', 'held', 'settled'],
    ['held', '202', 'settled'],
    ['held', 'settled', '202'],
    ['202', 'held', 'duplicate held', 'settled', 'duplicate settled'],
    ['held', 'duplicate held', '202', 'settled'],
  ];
  it.each(orders)('ends Settled, each transition once, for %s, %s, %s…', async (...steps) => {
    const s = setup();
    const tracked = await s.claim('chaps-1');
    for (const step of steps) {
      if (step === '202') await s.accepted(tracked);
      else if (step.endsWith('held')) await s.outboundHeld('chaps-1', 'h-1');
      else await s.settled('chaps-1', 's-1');
    }
    expect(s.record('chaps-1').status).toBe('Settled');
    const expected =
      steps[0] === '202'
        ? ['null->Submitted', 'Submitted->Accepted', 'Accepted->Held']
        : ['null->Submitted', 'Submitted->Held'];
    expect(s.moves('chaps-1')).toEqual([...expected, 'Held->Settled']);
    // Every transition published; a duplicate only publishes its own again.
    expect(new Set(s.changes('chaps-1')).size).toBe(s.moves('chaps-1').length);
    expect(s.conflicts.counted).toBe(0);
  });

  it('keeps a hold told after the settlement in the history, marked late, never moving the payment back or alarming', async () => {
    const s = setup();
    await s.accepted(await s.claim('chaps-1'));
    await s.settled('chaps-1', 's-1');
    await s.outboundHeld('chaps-1', 'h-1');
    await s.outboundHeld('chaps-1', 'h-1');
    expect(s.record('chaps-1').status).toBe('Settled');
    expect(s.moves('chaps-1')).toEqual([
      'null->Submitted',
      'Submitted->Accepted',
      'Accepted->Settled',
      'Settled->Held (late)',
    ]);
    expect(s.conflicts.counted).toBe(0);
    expect(s.errors).toEqual([]);
    // Published once (the redelivery republishes its own transition), its record still Settled.
    const late = (s.published as GatewayEvent[]).filter((event) => event.detail.to === 'Held');
    expect(new Set(late.map((event) => event.detail.transitionId))).toEqual(new Set(['chaps-1/1/Held']));
    expect((late[0]?.detail.record as PaymentRecord).status).toBe('Settled');
    // Whatever comes next starts from the outcome, not from the hold.
    await s.rejected('chaps-1', 'r-1');
    expect(s.record('chaps-1').history.at(-1)).toMatchObject({
      from: 'Settled',
      to: 'Rejected',
      conflict: true,
    });
  });

  it('never moves a held payment back on a late 202, and a second hold of the same payment changes nothing', async () => {
    const s = setup();
    const tracked = await s.claim('chaps-1');
    await s.outboundHeld('chaps-1', 'h-1');
    await s.outboundHeld('chaps-1', 'h-2', { TimestampCreated: '2026-03-02T10:05:00Z' });
    await s.accepted(tracked);
    expect(s.record('chaps-1')).toMatchObject({ status: 'Held' });
    expect(s.moves('chaps-1')).toEqual(['null->Submitted', 'Submitted->Held']);
    // The 202 came too late to move it, so the record does not hold the id; its index does.
    expect(s.store.paymentIds.get(PAYMENT_ID)).toBe('chaps-1');
  });
});

describe('an inbound hold, and received CHAPS payments', () => {
  it('records a received CHAPS payment with the bank’s payment id (its TransactionId), and remembers it', async () => {
    const s = setup();
    await s.credit('II-in-1', 'e9f8d7c6-0000-4000-8000-00000000aaaa');
    expect(s.record('II-in-1')).toMatchObject({
      status: 'Settled',
      scheme: 'CHAPS',
      direction: 'Inbound',
      amount: '250',
      paymentId: 'e9f8d7c6-0000-4000-8000-00000000aaaa',
      creditorAccount: '****5678',
      debtorAccount: '****7509',
    });
    expect(s.store.paymentIds.get('e9f8d7c6-0000-4000-8000-00000000aaaa')).toBe('II-in-1');
  });

  it('shows a held received payment Held, and its release Settled', async () => {
    const s = setup();
    await s.inboundHeld('II-in-1');
    expect(s.record('II-in-1')).toMatchObject({
      status: 'Held',
      direction: 'Inbound',
      scheme: 'CHAPS',
      amount: '250',
      currency: 'GBP',
    });
    expect(s.record('II-in-1').history[0]?.hold).toEqual({
      reason: HOLD_REASON,
      heldAt: '2026-03-02T10:02:00Z',
    });
    await s.credit('II-in-1', 'e9f8d7c6-0000-4000-8000-00000000aaaa');
    expect(s.moves('II-in-1')).toEqual(['null->Held', 'Held->Settled']);
    expect(s.record('II-in-1').paymentId).toBe('e9f8d7c6-0000-4000-8000-00000000aaaa');
    expect(s.store.paymentIds.get('e9f8d7c6-0000-4000-8000-00000000aaaa')).toBe('II-in-1');
  });

  it('ends a declined received payment Rejected when the bank sends its rejection', async () => {
    const s = setup();
    await s.inboundHeld('II-in-1');
    await s.webhook('TransactionRejected', 'r-1', {
      TransactionId: 'e9f8d7c6-0000-4000-8000-00000000aaaa',
      Status: 'Rejected',
      Scheme: 'Chaps',
      EndToEndTransactionId: 'II-in-1',
      Amount: 250,
      DebitCreditCode: 'Credit',
      CancellationCode: 'HOPRJ',
    });
    expect(s.moves('II-in-1')).toEqual(['null->Held', 'Held->Rejected']);
  });

  it('keeps a hold told after the release, marked late, the payment Settled; in either order each once', async () => {
    for (const order of [
      ['held', 'credit'],
      ['credit', 'held'],
      ['credit', 'held', 'held', 'credit'],
    ]) {
      const s = setup();
      for (const step of order)
        if (step === 'held') await s.inboundHeld('II-in-1', 'h-1');
        else await s.credit('II-in-1', 'e9f8d7c6-0000-4000-8000-00000000aaaa', 'c-1');
      expect(s.record('II-in-1').status).toBe('Settled');
      expect(s.moves('II-in-1')).toEqual(
        order[0] === 'held' ? ['null->Held', 'Held->Settled'] : ['null->Settled', 'Settled->Held (late)'],
      );
    }
  });

  it('leaves a received payment alone when another’s hold or credit (another amount) repeats its end-to-end id', async () => {
    const s = setup();
    await s.credit('NOTPROVIDED', 'e9f8d7c6-0000-4000-8000-00000000aaaa', 'c-1');
    await s.inboundHeld('NOTPROVIDED', 'h-1', { TransactionAmount: new JsonNumber('99') });
    expect(s.moves('NOTPROVIDED')).toEqual(['null->Settled']);
    expect(s.conflicts.counted).toBe(0);
    const t = setup();
    await t.inboundHeld('NOTPROVIDED', 'h-1', { TransactionAmount: new JsonNumber('99') });
    await t.credit('NOTPROVIDED', 'e9f8d7c6-0000-4000-8000-00000000aaaa', 'c-1');
    expect(t.moves('NOTPROVIDED')).toEqual(['null->Held']);
  });

  it('leaves our own payment alone when a hold of a received payment names its end-to-end id', async () => {
    const s = setup();
    await s.claim('chaps-1');
    await s.inboundHeld('chaps-1');
    expect(s.moves('chaps-1')).toEqual(['null->Submitted']);
  });

  it('never lets a debit move a received payment’s record', async () => {
    const s = setup();
    await s.credit('II-in-1', 'e9f8d7c6-0000-4000-8000-00000000aaaa');
    await s.rejected('II-in-1', 'r-9', { TransactionId: 'e9f8d7c6-0000-4000-8000-00000000bbbb' });
    expect(s.moves('II-in-1')).toEqual(['null->Settled']);
  });

  it('no longer records a received transfer or Bacs credit as a Faster Payment', async () => {
    const s = setup();
    for (const scheme of ['Transfer', 'Bacs'])
      await s.webhook('TransactionSettled', `t-${scheme}`, {
        TransactionId: `t-${scheme}`,
        Scheme: scheme,
        EndToEndTransactionId: `in-${scheme}`,
        Amount: 5,
        DebitCreditCode: 'Credit',
      });
    expect(s.store.records.size).toBe(0);
  });
});

describe('a CHAPS return, tied to the payment it gives back', () => {
  const RECEIVED = 'e9f8d7c6-0000-4000-8000-00000000aaaa';
  const RETURN_ID = '0b7c0d0e-0000-4000-8000-00000000cccc';
  const returnBody = (instructionIdentification = 'RTN-1', paymentId = RECEIVED) => ({
    paymentId,
    reason: 'AC04',
    instructionIdentification,
  });

  it('is kept under its instruction identification, naming the received payment’s record found by its payment id', async () => {
    const s = setup();
    await s.credit('II-in-1', RECEIVED);
    const tracked = await s.claim('RTN-1', 'req-r', 'createChapsReturnPayment', returnBody());
    expect(s.record('RTN-1')).toMatchObject({
      endToEndId: 'RTN-1',
      status: 'Submitted',
      scheme: 'CHAPS',
      direction: 'Outbound',
      instructionIdentification: 'RTN-1',
      returnOf: { paymentId: RECEIVED, endToEndId: 'II-in-1' },
    });
    await s.accepted(tracked, RETURN_ID);
    expect(s.record('RTN-1')).toMatchObject({ status: 'Accepted', paymentId: RETURN_ID });
    // The received payment is untouched.
    expect(s.moves('II-in-1')).toEqual(['null->Settled']);
  });

  it('settles by the bank’s payment id whatever end-to-end id its webhook carries, filling in what the claim did not know', async () => {
    const s = setup();
    await s.credit('II-in-1', RECEIVED);
    await s.accepted(await s.claim('RTN-1', 'req-r', 'createChapsReturnPayment', returnBody()), RETURN_ID);
    await s.settled('orig-e2e', 's-r', {
      TransactionId: RETURN_ID,
      IsReturn: true,
      Amount: new JsonNumber('250'),
    });
    expect(s.record('RTN-1')).toMatchObject({ status: 'Settled', amount: '250', currency: 'GBP' });
    expect(s.store.records.has('orig-e2e')).toBe(false);
  });

  it('settles by its instruction identification when the webhook comes before the 202', async () => {
    const s = setup();
    const tracked = await s.claim('RTN-1', 'req-r', 'createChapsReturnPayment', returnBody());
    await s.settled('RTN-1', 's-r', { TransactionId: RETURN_ID, IsReturn: true });
    await s.accepted(tracked, RETURN_ID);
    expect(s.moves('RTN-1')).toEqual(['null->Submitted', 'Submitted->Settled']);
  });

  it('fails by its request’s message id like any payment', async () => {
    const s = setup();
    await s.claim('RTN-1', 'req-r', 'createChapsReturnPayment', returnBody());
    await s.failure('PaymentMessageAssesmentFailed', 'a-1', 'req-r');
    expect(s.record('RTN-1').status).toBe('AssessmentFailed');
  });

  it('still goes to the bank for a payment the gateway keeps no record of, tied by the payment id alone', async () => {
    const s = setup();
    await s.claim(
      'RTN-2',
      'req-r',
      'createChapsReturnPayment',
      returnBody('RTN-2', 'ffffffff-0000-4000-8000-000000000000'),
    );
    expect(s.record('RTN-2').returnOf).toEqual({ paymentId: 'ffffffff-0000-4000-8000-000000000000' });
    expect(s.warnings).toEqual([
      'a return names a payment the gateway keeps no record of; it goes to the bank as asked',
    ]);
  });

  it('refuses a second return with the same instruction identification, naming it', async () => {
    const s = setup();
    await s.claim('RTN-1', 'req-r', 'createChapsReturnPayment', returnBody());
    const refusal = await s.tracker.claim(s.call('createChapsReturnPayment', 'req-r2', returnBody()));
    expect(refusal?.status).toBe(409);
    expect(JSON.parse(refusal?.body ?? '{}')).toMatchObject({
      errors: { instructionIdentification: ['is already used by /gateway/payments/RTN-1'] },
    });
  });

  it('leaves a return whose earlier attempt was processed unknown (the bank’s payment data has no end-to-end id to read it by)', async () => {
    const read: string[] = [];
    const s = setup({ bookingsOf: async (endToEndId) => (read.push(endToEndId), []) });
    const tracked = await s.claim('RTN-1', 'req-r', 'createChapsReturnPayment', returnBody());
    await s.tracker.settle(tracked, { unknown: 'already-processed' });
    expect(s.record('RTN-1').status).toBe('OutcomeUnknown');
    expect(read).toEqual([]);
    // A CHAPS send is read back by its end-to-end id, as an FPS one: nothing booked, refused.
    const send = await s.claim('chaps-1');
    await s.tracker.settle(send, { unknown: 'already-processed' });
    expect([read, s.record('chaps-1').status]).toEqual([['chaps-1'], 'Refused']);
  });

  it('keeps a return the other bank sends of a CHAPS payment of ours under its own instruction id, tied to ours', async () => {
    const s = setup();
    await s.accepted(await s.claim('chaps-2'), PAYMENT_ID);
    await s.settled('chaps-2', 's-2');
    const returned = {
      ...{ Status: 'Settled', Scheme: 'Chaps', DebitCreditCode: 'Credit', IsReturn: true },
      TransactionId: '77777777-0000-4000-8000-000000000001',
      EndToEndTransactionId: 'chaps-2',
      ActualEndToEndTransactionId: 'THEIR-RTN-1',
      Amount: new JsonNumber('1000.50'),
      CurrencyCode: 'GBP',
      Account: { IBAN: 'GB33BUKB04000412345678' },
      CounterpartAccount: { IBAN: 'GB94BARC20000055779911' },
    };
    await s.webhook('TransactionSettled', 'ret-1', returned);
    await s.webhook('TransactionSettled', 'ret-1', returned);
    expect(s.record('THEIR-RTN-1')).toMatchObject({
      status: 'Settled',
      scheme: 'CHAPS',
      direction: 'Inbound',
      paymentId: '77777777-0000-4000-8000-000000000001',
      returnOf: { endToEndId: 'chaps-2', paymentId: PAYMENT_ID },
    });
    expect(s.moves('THEIR-RTN-1')).toEqual(['null->Settled']);
    expect(s.moves('chaps-2')).toEqual(['null->Submitted', 'Submitted->Accepted', 'Accepted->Settled']);
    expect(s.changes('THEIR-RTN-1')).toEqual(['THEIR-RTN-1/1/Settled', 'THEIR-RTN-1/1/Settled']);
  });
});
