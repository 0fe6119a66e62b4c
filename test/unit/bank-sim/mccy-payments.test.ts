import { describe, expect, it } from 'vitest';
import { balancesView, createAccount, type MccyAccount } from '#sim/products/mccy-accounts/accounts.js';
import { mccyMoney, receiveInboundPayment } from '#sim/products/mccy-accounts/money.js';
import { mccyPaymentTerms } from '#sim/products/mccy-accounts/payment-terms.js';
import {
  cancelPayment,
  cancelPaymentBatch,
  findBatch,
  type PaymentBatchRequest,
  type PaymentInstruction,
  type SimPaymentBatch,
  submitPaymentBatch,
} from '#sim/products/mccy-payments/payments.js';
import type { MultiCurrencyPaymentCurrency } from '#shared/domain/mccy-schedule.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { webhookPayloads } from '#shared/webhooks/payloads/index.js';
import { mccyWorld } from './mccy-helpers.js';

const SECOND = 1000;
const BATCH_ID = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

const address = { addressLine1: '1 Rue de Rivoli', addressLine2: 'Paris', postCode: '75001', country: 'FR' };

function instruction(account: MccyAccount, over: Partial<PaymentInstruction> = {}): PaymentInstruction {
  return {
    endToEndId: 'E2E-1',
    reference: 'Invoice 42',
    amount: new MoneyDecimal('100.25'),
    creditor: { name: 'Marie Curie', address, iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' },
    debtorName: 'Acme Ltd',
    debtorAddress: { addressLine1: '1 High St', addressLine2: 'London', postCode: 'EC1A 1BB', country: 'GB' },
    accountIdentifier: { kind: 'AccountId', identifier: account.id },
    debtorAccountCurrency: 'EUR',
    ...over,
  };
}

/** The multi-currency bank at `start`, with one EUR/USD/CZK account funded with `funds` in each. */
function setup(start: string, funds = '1000.00') {
  const w = mccyWorld(start);
  const created = createAccount(
    w.host,
    {
      institutionId: 'inst-1',
      label: 'Payments',
      owner: 'Acme Ltd',
      kind: 'YourFunds',
      currencies: ['EUR', 'USD', 'CZK'],
    },
    w.emit,
  );
  if (created.kind !== 'done') throw new Error(created.detail);
  const account = created.value;
  for (const currency of ['EUR', 'USD', 'CZK']) {
    receiveInboundPayment(w.host, {
      institutionId: 'inst-1',
      accountUniqueId: account.id,
      currency,
      amount: new MoneyDecimal(funds),
    });
  }
  w.sent.length = 0;
  const submit = (
    currency: MultiCurrencyPaymentCurrency = 'EUR',
    transactions = [instruction(account, { debtorAccountCurrency: currency })],
    batchId: string | null = BATCH_ID,
  ): SimPaymentBatch => {
    const request: PaymentBatchRequest = { institutionId: 'inst-1', currency, transactions, batchId };
    const outcome = submitPaymentBatch(w.host, request);
    if (outcome.kind !== 'accepted') throw new Error(outcome.detail);
    return outcome.batch;
  };
  const balance = (currency = 'EUR') => balancesView(account).balances[currency];
  const types = () => w.sent.map((webhook) => webhook.type);
  const advanceTo = (iso: string) => w.advance(Date.parse(iso) - w.clock.now().getTime());
  return { ...w, account, submit, balance, types, advanceTo };
}

describe('the payment window of a currency (UK business days, TARGET for EUR)', () => {
  // 2026-03-10 is a Tuesday in GMT: UK time equals UTC.
  it('opens at 08:30 for EUR: a second before is scheduled for that morning, 08:30 itself is processed at once', () => {
    const before = setup('2026-03-10T08:29:59.000Z').submit();
    expect(before.schedule).toMatchObject({
      isScheduled: true,
      processingAt: new Date('2026-03-10T08:30:00Z'),
    });
    const at = setup('2026-03-10T08:30:00.000Z').submit();
    expect(at.schedule.isScheduled).toBe(false);
  });

  it('opens at 08:20 for CZK and RON', () => {
    expect(setup('2026-03-10T08:20:00.000Z').submit('CZK').schedule.isScheduled).toBe(false);
    expect(setup('2026-03-10T08:19:59.000Z').submit('CZK').schedule).toMatchObject({
      processingAt: new Date('2026-03-10T08:20:00Z'),
    });
  });

  it('closes at the configured time: EUR 16:00 by default, the next business day at 08:30 after', () => {
    expect(setup('2026-03-10T15:59:59.000Z').submit().schedule.isScheduled).toBe(false);
    const after = setup('2026-03-10T16:00:00.000Z').submit();
    expect(after.schedule).toMatchObject({
      isScheduled: true,
      processingAt: new Date('2026-03-11T08:30:00Z'),
      cancellationDeadline: new Date('2026-03-11T07:30:00Z'),
    });
  });

  it('follows a changed closing time', () => {
    const w = setup('2026-03-10T16:30:00.000Z');
    w.state.get(mccyPaymentTerms).windowClosesAt.EUR = '17:00';
    expect(w.submit().schedule.isScheduled).toBe(false);
  });

  it('schedules a Friday evening batch for Monday morning', () => {
    const batch = setup('2026-03-13T18:00:00.000Z').submit();
    expect(batch.schedule).toMatchObject({
      isScheduled: true,
      processingAt: new Date('2026-03-16T08:30:00Z'),
    });
  });

  it('skips a TARGET holiday for EUR only (1 May 2026; 4 May is a UK bank holiday), in UK summer time', () => {
    // Thursday 30 April 2026, 17:00 BST.
    const eur = setup('2026-04-30T16:00:00.000Z').submit('EUR');
    expect(eur.schedule).toMatchObject({ processingAt: new Date('2026-05-05T07:30:00Z') });
    const usd = setup('2026-04-30T16:00:00.000Z').submit('USD');
    expect(usd.schedule).toMatchObject({ processingAt: new Date('2026-05-01T07:30:00Z') });
    // On the holiday itself the EUR window stays shut all day.
    expect(setup('2026-05-01T09:00:00.000Z').submit('EUR').schedule.isScheduled).toBe(true);
  });
});

describe('processing a batch', () => {
  it('inside the window: debits at once, sends TransactionCreated, then TransactionSettled after the delay', () => {
    const w = setup('2026-03-10T10:00:00.000Z');
    const batch = w.submit();
    expect(w.types()).toEqual([]);
    w.advance(2 * SECOND);
    expect(w.types()).toEqual(['Payments.Mccy.TransactionCreated']);
    expect(w.balance()).toEqual({ Available: 899.75, Actual: 1000 });
    w.advance(5 * SECOND);
    expect(w.types()).toEqual(['Payments.Mccy.TransactionCreated', 'Payments.Mccy.TransactionSettled']);
    expect(w.balance()).toEqual({ Available: 899.75, Actual: 899.75 });
    const [created, settled] = w.sent.map((webhook) => webhook.payload);
    expect(created).toMatchObject({
      TransactionId: batch.payments[0]!.transactionId,
      BatchId: BATCH_ID,
      EndToEndId: 'E2E-1',
      AccountId: w.account.id,
      InstructedAmount: 100.25,
      InstructedCurrency: 'EUR',
      UltimateCreditorAccountIdentifiers: [{ Kind: 'IBAN', Identifier: 'FR7630006000011234567890189' }],
      UltimateDebtorAccountIdentifiers: [{ Kind: 'IBAN', Identifier: w.account.iban }],
    });
    expect(settled).toMatchObject({
      TransactionId: created!.TransactionId,
      TimestampSubmitted: '2026-03-10T10:00:02.000Z',
      TimestampSettled: '2026-03-10T10:00:07.000Z',
    });
    expect(w.state.get(mccyMoney).transactions.at(-1)).toMatchObject({
      direction: 'Debit',
      endToEndId: 'E2E-1',
      paymentMethod: 'MccyPayment',
    });
  });

  it('scheduled: nothing moves before the processing time, then the batch is processed on the clock', () => {
    const w = setup('2026-03-13T18:00:00.000Z');
    w.submit();
    w.advanceTo('2026-03-16T08:29:59.000Z');
    expect(w.types()).toEqual([]);
    expect(w.balance()).toEqual({ Available: 1000, Actual: 1000 });
    w.advanceTo('2026-03-16T08:30:00.000Z');
    expect(w.types()).toEqual(['Payments.Mccy.TransactionCreated']);
    w.advance(5 * SECOND);
    expect(w.balance()).toEqual({ Available: 899.75, Actual: 899.75 });
  });

  it('an account the balance does not cover fails assessment with its reason; the others go on', () => {
    const w = setup('2026-03-10T10:00:00.000Z', '150.00');
    w.submit('EUR', [
      instruction(w.account, { endToEndId: 'FIRST' }),
      instruction(w.account, { endToEndId: 'SECOND' }),
    ]);
    w.advance(10 * SECOND);
    expect(w.types()).toEqual([
      'Payments.Mccy.TransactionCreated',
      'Payments.Mccy.PaymentAssessmentFailed',
      'Payments.Mccy.TransactionSettled',
    ]);
    expect(w.sent[1]!.payload).toMatchObject({
      Error: 'Insufficient funds',
      EndToEndId: 'SECOND',
      BatchId: BATCH_ID,
      UltimateDebtorAccount: w.account.id,
      UltimateDebtorAccountIdentifier: 'AccountId',
    });
    expect(w.balance()).toEqual({ Available: 49.75, Actual: 49.75 });
  });

  it('an unknown debtor account, a currency it lacks or a repeated end-to-end id fail validation', () => {
    const w = setup('2026-03-10T10:00:00.000Z');
    w.submit('EUR', [
      instruction(w.account, { accountIdentifier: { kind: 'IBAN', identifier: 'GB00CLRB04080099999999' } }),
      instruction(w.account, { endToEndId: 'OK' }),
      instruction(w.account, { endToEndId: 'OK' }),
    ]);
    w.submit('CHF', [instruction(w.account, { debtorAccountCurrency: 'CHF' })], null);
    w.advance(2 * SECOND);
    const failures = w.sent.filter((webhook) => webhook.type === 'Payments.Mccy.PaymentValidationFailed');
    expect(failures.map((webhook) => webhook.payload.Errors)).toEqual([
      ['Account does not belong to this institution'],
      ['EndToEndId already exists.'],
      ['Account is not enabled for CHF'],
    ]);
  });
});

describe('cancelling a scheduled batch or payment (checkCancellation)', () => {
  // Friday 13 March 2026 18:00: processed Monday 16 March 08:30, cancellable until 07:30.
  const friday = '2026-03-13T18:00:00.000Z';

  it('accepts a cancel at exactly one hour before processing and refuses one a second later', () => {
    const inTime = setup(friday);
    inTime.submit();
    inTime.advanceTo('2026-03-16T07:30:00.000Z');
    expect(cancelPaymentBatch(inTime.host, 'inst-1', BATCH_ID, inTime.emit).kind).toBe('done');

    const late = setup(friday);
    late.submit();
    late.advanceTo('2026-03-16T07:30:01.000Z');
    expect(cancelPaymentBatch(late.host, 'inst-1', BATCH_ID, late.emit)).toMatchObject({
      kind: 'refused',
      detail: expect.stringContaining('2026-03-16T07:30:00.000Z'),
    });
    expect(cancelPayment(late.host, 'inst-1', BATCH_ID, 'E2E-1', late.emit).kind).toBe('refused');
  });

  it('a cancelled payment sends TransactionCancelled and is never processed; the rest of the batch is', () => {
    const w = setup(friday);
    w.submit('EUR', [
      instruction(w.account, { endToEndId: 'KEEP' }),
      instruction(w.account, { endToEndId: 'DROP' }),
    ]);
    w.advanceTo('2026-03-15T12:00:00.000Z');
    expect(cancelPayment(w.host, 'inst-1', BATCH_ID.toUpperCase(), 'DROP', w.emit).kind).toBe('done');
    expect(w.types()).toEqual(['Payments.Mccy.TransactionCancelled']);
    expect(w.sent[0]!.payload).toMatchObject({
      EndToEndId: 'DROP',
      AccountId: w.account.id,
      TimestampCancelled: '2026-03-15T12:00:00.000Z',
      CancellationCode: 'CancelledByClient',
    });
    expect(cancelPayment(w.host, 'inst-1', BATCH_ID, 'DROP', w.emit).kind).toBe('refused');
    w.advanceTo('2026-03-16T08:31:00.000Z');
    expect(w.sent.slice(1).map((webhook) => [webhook.type, webhook.payload.EndToEndId])).toEqual([
      ['Payments.Mccy.TransactionCreated', 'KEEP'],
      ['Payments.Mccy.TransactionSettled', 'KEEP'],
    ]);
    expect(w.balance()).toEqual({ Available: 899.75, Actual: 899.75 });
  });

  it('a cancelled batch moves no money', () => {
    const w = setup(friday);
    w.submit();
    expect(cancelPaymentBatch(w.host, 'inst-1', BATCH_ID, w.emit).kind).toBe('done');
    expect(cancelPaymentBatch(w.host, 'inst-1', BATCH_ID, w.emit).kind).toBe('refused');
    w.advanceTo('2026-03-16T09:00:00.000Z');
    expect(w.types()).toEqual(['Payments.Mccy.TransactionCancelled']);
    expect(w.balance()).toEqual({ Available: 1000, Actual: 1000 });
  });

  it('refuses a batch sent without batchId or processed at once; an unknown batch or payment is missing', () => {
    const unnamed = setup(friday);
    const batch = unnamed.submit('EUR', undefined, null);
    expect(cancelPaymentBatch(unnamed.host, 'inst-1', batch.batchId, unnamed.emit)).toMatchObject({
      kind: 'refused',
      detail: 'Only a payment sent with a batchId can be cancelled.',
    });

    const inWindow = setup('2026-03-10T10:00:00.000Z');
    inWindow.submit();
    expect(cancelPaymentBatch(inWindow.host, 'inst-1', BATCH_ID, inWindow.emit)).toMatchObject({
      kind: 'refused',
      detail: 'Only a scheduled payment can be cancelled.',
    });
    expect(cancelPaymentBatch(inWindow.host, 'inst-2', BATCH_ID, inWindow.emit).kind).toBe('missing');
    expect(cancelPayment(inWindow.host, 'inst-1', BATCH_ID, 'NOPE', inWindow.emit).kind).toBe('missing');
    expect(findBatch(inWindow.host, 'inst-1', BATCH_ID)?.batchIdGiven).toBe(true);
  });

  it('refuses a second batch with the same batchId', () => {
    const w = setup(friday);
    w.submit();
    const again = submitPaymentBatch(w.host, {
      institutionId: 'inst-1',
      currency: 'EUR',
      batchId: BATCH_ID,
      transactions: [instruction(w.account)],
    });
    expect(again.kind).toBe('duplicate');
  });
});

describe('the Payments.Mccy.* payloads', () => {
  it('each of the five validates against its page (shared/webhooks/payloads/mccy-payments.ts)', () => {
    const w = setup('2026-03-13T18:00:00.000Z', '150.00');
    w.submit('EUR', [
      instruction(w.account, { endToEndId: 'PAID' }),
      instruction(w.account, { endToEndId: 'UNFUNDED' }),
      instruction(w.account, { endToEndId: 'DROP' }),
      instruction(w.account, {
        endToEndId: 'UNKNOWN',
        accountIdentifier: { kind: 'IBAN', identifier: 'GB00CLRB04080099999999' },
        creditor: { name: 'Olaf Nordmann', address, accountNumber: '12345678', iban: null },
      }),
    ]);
    cancelPayment(w.host, 'inst-1', BATCH_ID, 'DROP', w.emit);
    w.advanceTo('2026-03-16T09:00:00.000Z');
    expect(new Set(w.types())).toEqual(
      new Set([
        'Payments.Mccy.TransactionCreated',
        'Payments.Mccy.TransactionSettled',
        'Payments.Mccy.TransactionCancelled',
        'Payments.Mccy.PaymentValidationFailed',
        'Payments.Mccy.PaymentAssessmentFailed',
      ]),
    );
    for (const webhook of w.sent) {
      const schema = webhookPayloads[webhook.type]?.[webhook.version];
      expect(schema, webhook.type).toBeDefined();
      expect(schema?.safeParse(webhook.payload).error?.issues ?? [], webhook.type).toEqual([]);
    }
  });
});
