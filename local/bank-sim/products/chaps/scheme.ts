import { randomUUID } from 'node:crypto';
import { chapsReturnDeadline, isChapsOpen, nextChapsOpening } from '#shared/domain/chaps-rules.js';
import { type BookedTransaction, balanceOf, ledger, moveMoney } from '#sim/core/ledger.js';
import { emitterFor } from '#sim/core/product.js';
import type { SimState } from '#sim/core/state.js';
import { defineTask } from '#sim/core/tasks.js';
import type { Emit, SimHost } from '#sim/core/types.js';
import { book } from '../sterling-accounts/accounts.js';
import {
  type AccountRef,
  accountText,
  chaps,
  type ChapsKind,
  type ChapsMessage,
  type ChapsPayment,
  type ChapsRule,
  findOurAccount,
  identifiersOf,
  type InboundKind,
  isOutbound,
  type Outcome,
  type OutboundKind,
} from './model.js';
import {
  assessmentFailedPayload,
  inboundHeldPayload,
  outboundHeldPayload,
  rejectedPayload,
  settledPayload,
  validationFailedPayload,
} from './payloads.js';

/**
 * The simulated CHAPS scheme (`chaps.mdx`, `gbp-cross-border.mdx`) on the shared ledger (`core/ledger.ts`).
 *
 * A payment out (CHAPS pacs.008 or pacs.009, GBP cross-border, a return) is answered 202 with its `paymentId`
 * whatever follows; the hours are the operation records' check (`shared/domain/chaps-rules.ts`, 400 outside
 * them), run before any of this. Then, in order: a source account that is not the institution's, a disabled one,
 * a message the scheme cannot carry, an admin rule that fails it, a balance that does not cover it, a creditor
 * sort code CHAPS cannot route to: `PaymentMessage...Failed` after the settlement delay, nothing debited.
 * Otherwise the source account is debited at once and, after the delay, the payment settles
 * (`TransactionSettled`), is rejected with the money returned (`TransactionRejected`, by rule) or is held
 * (`OutboundHeldTransaction`, by rule or the page's test name) until an admin call releases or declines it.
 *
 * A payment in (the three simulation-only operations) is credited at once while CHAPS is open, else when it
 * next opens (`TransactionSettled` credit), or held (`InboundHeldTransaction`, by rule or the page's test
 * name: its money in suspense until released, or sent back when declined). A payment in to no account of the
 * institution is accepted and goes nowhere, without a webhook (the simulator page says so).
 */

/**
 * The test value of the held-transaction pages: a CHAPS payment out whose creditor's name is this is held, and a
 * payment in whose debtor's name is this.
 */
export const HELD_NAME = '6a41a29eafcf455493';
/** The cross-border row of `outbound-held-transaction-v1.mdx`: this remittance information holds the payment. */
export const HELD_CROSS_BORDER_REFERENCE = 'TSCHOLDESCALATE';

/** The assessment page's CHAPS causes, its words. */
export const ASSESSMENT_REASONS = {
  accountNotFound: 'Account not found',
  debitsDisabled: 'Debit transactions disabled',
  insufficientFunds: 'InsufficientFunds; The account has insufficient funds',
  unroutable: (account: string) => `Unable to find chaps routing bic for iban '${account}' sort code`,
} as const;

/** What a rejection by rule says when the rule names no code (`AC03`, as the Faster Payments product does). */
export const DEFAULT_REJECTION = { code: 'AC03', reason: 'Creditor account number invalid or not reachable' };
/** A declined hold (`outbound-held-transaction-v1.mdx`: "the CancellationCode of HOPRJ"). */
export const HELD_REJECTION = { code: 'HOPRJ', reason: 'Held payment declined after a compliance review' };
export const DEFAULT_VALIDATION_REASONS = ['Creditor name contains invalid characters'];

// --- Payments out ------------------------------------------------------------------------------------------------

/** The request context the scheme needs: a route's (`ctx`), never the HTTP parts. */
export interface SchemeContext {
  state: SimState;
  now(): Date;
  institution: { id: string };
  requestId: string | undefined;
  schedule: SimHost['schedule'];
  emit: Emit;
}

/** A payment out as the product hands it over: the account it debits and the message. */
export interface PaymentOut {
  kind: Exclude<OutboundKind, 'return'>;
  sourceAccount: AccountRef;
  message: Omit<ChapsMessage, 'uetr'>;
}

/** Accepts a payment out: decides it now, moves the money, and puts its outcome on the clock. */
export function sendPayment(ctx: SchemeContext, request: PaymentOut): ChapsPayment {
  const payment = newPayment(ctx, request.kind, { ...request.message, uetr: randomUUID() });
  payment.ourAccount = request.sourceAccount;
  const found = findOurAccount(ctx.state, ctx.institution.id, request.sourceAccount);
  if (found) {
    payment.accountId = found.real.id;
    if (found.virtual) payment.virtualAccountId = found.virtual.id;
  }
  const disabled = found && (found.real.status !== 'Enabled' || found.virtual?.status === 'Disabled');
  accept(
    ctx,
    payment,
    !found ? ASSESSMENT_REASONS.accountNotFound : disabled ? ASSESSMENT_REASONS.debitsDisabled : undefined,
  );
  return payment;
}

/**
 * Whether a payment of the institution can be returned with `createChapsReturnPayment`, or why not: unknown or
 * another institution's (404); not a settled payment received over CHAPS, already returned, or past the next
 * working day (400).
 */
export function returnableFor(
  state: SimState,
  institutionId: string,
  paymentId: string,
  now: Date,
): ChapsPayment | { status: 404 | 400; message: string } {
  const original = state.get(chaps).payments.get(paymentId.toLowerCase());
  if (!original || original.institutionId !== institutionId) {
    return { status: 404, message: `No CHAPS payment ${paymentId} was received by this institution.` };
  }
  if (original.kind !== 'inbound-customer' && original.kind !== 'inbound-institution') {
    return {
      status: 400,
      message: `Payment ${paymentId} is not a CHAPS payment received: it cannot be returned.`,
    };
  }
  if (original.status !== 'Settled' || original.settledAt === undefined) {
    return { status: 400, message: `Payment ${paymentId} has not settled: it cannot be returned.` };
  }
  if (original.returnedBy !== undefined) {
    return { status: 400, message: `Payment ${paymentId} has already been returned.` };
  }
  const deadline = chapsReturnDeadline(new Date(original.settledAt));
  if (now >= deadline) {
    return {
      status: 400,
      message: `Payment ${paymentId} can no longer be returned: CHAPS returns must be made by the next working day (${deadline.toISOString()}).`,
    };
  }
  return original;
}

/**
 * The pacs.004 of a return: the original message going back, its debtor the original's creditor and its
 * creditor the original's debtor, with the return's own ids, amount and reason.
 */
function returnMessage(
  m: ChapsMessage,
  request: { instructionId: string; reason: string; additionalInformation?: string },
  endToEndId: string,
  amount: ChapsMessage['amount'],
): ChapsMessage {
  return {
    instructionId: request.instructionId,
    endToEndId,
    uetr: randomUUID(),
    amount,
    currency: m.currency,
    debtor: m.creditor,
    ...(m.creditorAccount && { debtorAccount: m.creditorAccount }),
    creditor: m.debtor,
    ...(m.debtorAccount && { creditorAccount: m.debtorAccount }),
    ...(m.otherBankBic !== undefined && { otherBankBic: m.otherBankBic }),
    ...(m.reference !== undefined && { reference: m.reference }),
    referenceForm: m.referenceForm,
    returnReason: request.reason,
    ...(request.additionalInformation !== undefined && {
      additionalInformation: request.additionalInformation,
    }),
  };
}

/**
 * Returns a received payment (`createChapsReturnPayment`): a payment out to its sender from the account it
 * credited, the full amount, `IsReturn` true. Its `EndToEndTransactionId` is the return's own instruction id
 * (the request has no end-to-end id; the gateway's records key the return on it).
 */
export function sendReturn(
  ctx: SchemeContext,
  original: ChapsPayment,
  request: { instructionId: string; reason: string; additionalInformation?: string },
): ChapsPayment {
  const m = original.message;
  const payment = newPayment(ctx, 'return', returnMessage(m, request, request.instructionId, m.amount));
  payment.returnOf = original.id;
  payment.ourAccount = m.creditorAccount;
  payment.accountId = original.accountId;
  if (original.virtualAccountId !== undefined) payment.virtualAccountId = original.virtualAccountId;
  original.returnedBy = payment.id;
  if (original.booked) original.booked.returned = true;
  const account =
    original.accountId === undefined ? undefined : ctx.state.get(book).real.get(original.accountId);
  accept(ctx, payment, account?.status === 'Enabled' ? undefined : ASSESSMENT_REASONS.debitsDisabled);
  return payment;
}

/** The checks after the 202, in the order of the product's comment, and the outcome put on the clock. */
function accept(ctx: SchemeContext, payment: ChapsPayment, accountFailure: string | undefined): void {
  const config = ctx.state.get(chaps).config;
  const at = new Date(ctx.now().getTime() + config.settlementDelayMs);
  const fail = (kind: 'validation' | 'assessment', reasons: string[]) => {
    payment.reasons = reasons;
    ctx.schedule(at, `chaps ${kind} failure ${payment.id}`, messageFailure, payment, kind);
  };
  if (accountFailure !== undefined) return fail('assessment', [accountFailure]);
  const fault = messageFault(payment.message);
  // The cross-border guide lists no validation webhook: what CHAPS fails in validation, it fails in assessment.
  if (fault) return fail(payment.kind === 'cross-border' ? 'assessment' : 'validation', [fault]);
  const rule = takeRule(ctx.state, payment);
  if (rule?.action === 'validation-failed')
    return fail('validation', rule.reasons ?? DEFAULT_VALIDATION_REASONS);
  if (rule?.action === 'assessment-failed') {
    return fail('assessment', rule.reasons ?? [ASSESSMENT_REASONS.insufficientFunds]);
  }
  const accountId = payment.accountId as string;
  const minimum = ctx.state.get(book).real.get(accountId)?.minimumBalance ?? 0;
  if (balanceOf(ctx.state, accountId).amount.minus(payment.message.amount).lt(minimum)) {
    return fail('assessment', [ASSESSMENT_REASONS.insufficientFunds]);
  }
  const creditor = identifiersOf(payment.message.creditorAccount);
  if (
    payment.kind !== 'cross-border' &&
    creditor.sortCode !== undefined &&
    config.unroutableSortCodes.includes(creditor.sortCode)
  ) {
    return fail('assessment', [
      ASSESSMENT_REASONS.unroutable(creditor.iban ?? accountText(payment.message.creditorAccount) ?? ''),
    ]);
  }
  payment.outcome =
    rule?.action === 'reject'
      ? {
          action: 'reject',
          code: rule.cancellationCode ?? DEFAULT_REJECTION.code,
          reason: rule.cancellationReason ?? DEFAULT_REJECTION.reason,
        }
      : rule?.action === 'hold' || heldByTestValue(payment)
        ? { action: 'hold' }
        : { action: 'settle' };
  payment.booked = bookEntry(ctx.state, payment, 'Debit', ctx.now());
  moveMoney(ctx.state, accountId, payment.message.amount.negated(), ctx.now());
  ctx.schedule(at, `chaps outcome ${payment.id}`, outboundOutcome, payment);
}

/** What the scheme refuses in a message the bank's schema lets through: another currency, a non-positive or sub-penny amount. */
function messageFault(message: Pick<ChapsMessage, 'currency' | 'amount'>): string | undefined {
  if (message.currency !== 'GBP') return 'Currency must be GBP';
  if (!message.amount.isFinite() || message.amount.lte(0)) return 'Amount must be greater than 0';
  if (message.amount.decimalPlaces() > 2) return 'Amount must have at most 2 decimal places';
  return undefined;
}

function heldByTestValue(payment: ChapsPayment): boolean {
  if (payment.kind === 'cross-border') return payment.message.reference === HELD_CROSS_BORDER_REFERENCE;
  if (payment.kind === 'customer' || payment.kind === 'institution')
    return payment.message.creditor.name === HELD_NAME;
  return false;
}

/** The outcome decided at acceptance, when its time comes: settle, reject (money back) or hold. */
function decide(host: SimHost, payment: ChapsPayment): void {
  const emit = emitterFor(host, payment.institutionId);
  const now = host.clock.now();
  const outcome: Outcome = payment.outcome ?? { action: 'settle' };
  if (outcome.action === 'hold') {
    payment.status = 'Held';
    payment.heldAt = now.toISOString();
    emit('OutboundHeldTransaction', 1, outboundHeldPayload(host.state, payment));
    return;
  }
  if (outcome.action === 'reject') return reject(host, payment, outcome);
  settleOut(host, payment, now);
}

const outboundOutcome = defineTask('chaps outbound outcome', decide);

function settleOut(host: SimHost, payment: ChapsPayment, now: Date): void {
  payment.status = 'Settled';
  payment.settledAt = now.toISOString();
  if (payment.booked) payment.booked.status = 'ACSC';
  emitterFor(host, payment.institutionId)('TransactionSettled', 6, settledPayload(host.state, payment, now));
}

function reject(host: SimHost, payment: ChapsPayment, rejection: { code: string; reason: string }): void {
  const now = host.clock.now();
  payment.status = 'Rejected';
  payment.rejection = { code: rejection.code, reason: rejection.reason };
  if (payment.booked) {
    payment.booked.status = 'RJCT';
    moveMoney(host.state, payment.booked.accountId, payment.message.amount, now);
  }
  releaseOriginal(host.state, payment);
  emitterFor(host, payment.institutionId)(
    'TransactionRejected',
    2,
    rejectedPayload(host.state, payment, rejection, now),
  );
}

/** A return that did not go through (failed, rejected, declined) leaves the payment returnable again. */
function releaseOriginal(state: SimState, payment: ChapsPayment): void {
  if (payment.returnOf === undefined) return;
  const original = state.get(chaps).payments.get(payment.returnOf);
  if (original?.returnedBy !== payment.id) return;
  delete original.returnedBy;
  if (original.booked) delete original.booked.returned;
}

function failMessage(host: SimHost, payment: ChapsPayment, kind: 'validation' | 'assessment'): void {
  const reasons = payment.reasons ?? [];
  payment.status = kind === 'validation' ? 'ValidationFailed' : 'AssessmentFailed';
  releaseOriginal(host.state, payment);
  const emit = emitterFor(host, payment.institutionId);
  if (kind === 'validation') {
    emit('PaymentMessageValidationFailed', 1, validationFailedPayload(host.state, payment, reasons));
  } else {
    emit('PaymentMessageAssesmentFailed', 1, assessmentFailedPayload(host.state, payment, reasons));
  }
}

const messageFailure = defineTask('chaps message failure', failMessage);

// --- Payments in (the simulation-only operations) ----------------------------------------------------------------

/** A payment in as the product hands it over: the account it names at this bank and the message. */
export interface PaymentIn {
  kind: Exclude<InboundKind, 'inbound-return'>;
  message: Omit<ChapsMessage, 'uetr'>;
}

/** Receives a payment from another bank: credited now while CHAPS is open, else queued to its next opening. */
export function receivePayment(ctx: SchemeContext, request: PaymentIn): ChapsPayment {
  const payment = newPayment(ctx, request.kind, { ...request.message, uetr: randomUUID() });
  payment.ourAccount = request.message.creditorAccount;
  const found = findOurAccount(ctx.state, ctx.institution.id, request.message.creditorAccount);
  const undeliverable = !found
    ? `no account ${accountText(request.message.creditorAccount)} of the institution at this bank`
    : found.real.status !== 'Enabled' || found.virtual?.status === 'Disabled'
      ? `account ${accountText(request.message.creditorAccount)} cannot receive payments`
      : messageFault(request.message);
  if (!found || undeliverable !== undefined) {
    // "if this request is not successful because the payment details are incorrect, you will not receive a webhook"
    payment.status = 'NotDelivered';
    payment.note = undeliverable;
    return payment;
  }
  payment.accountId = found.real.id;
  if (found.virtual) payment.virtualAccountId = found.virtual.id;
  arriveOrQueue(ctx, payment);
  return payment;
}

/**
 * Whether the payment another bank returns can be: an outbound CHAPS or cross-border payment of the institution
 * that settled and was not returned yet, for at most its amount. Anything else is refused 400, the simulation
 * operation's only documented refusal, naming the member.
 */
export function returnedByOtherBank(
  state: SimState,
  institutionId: string,
  paymentId: string,
  amount: ChapsMessage['amount'] | undefined,
): ChapsPayment | { member: string; message: string } {
  const original = state.get(chaps).payments.get(paymentId.toLowerCase());
  if (
    !original ||
    original.institutionId !== institutionId ||
    !isOutbound(original.kind) ||
    original.kind === 'return'
  ) {
    return {
      member: 'paymentId',
      message: `No outbound CHAPS payment ${paymentId} of this institution: only a payment sent over CHAPS can be returned.`,
    };
  }
  if (original.status !== 'Settled') {
    return { member: 'paymentId', message: `Payment ${paymentId} has not settled: it cannot be returned.` };
  }
  if (original.returnedBy !== undefined) {
    return { member: 'paymentId', message: `Payment ${paymentId} has already been returned.` };
  }
  if (amount !== undefined && amount.gt(original.message.amount)) {
    return {
      member: 'returnedInterBankSettlementAmount.amount',
      message: `amount must be at most the original payment's ${original.message.amount.toFixed(2)}.`,
    };
  }
  return original;
}

/** The other bank returns one of our payments: a credit of the account it was sent from, `IsReturn` true. */
export function receiveReturn(
  ctx: SchemeContext,
  original: ChapsPayment,
  request: {
    instructionId: string;
    reason: string;
    amount?: ChapsMessage['amount'];
    additionalInformation?: string;
  },
): ChapsPayment {
  const m = original.message;
  const payment = newPayment(
    ctx,
    'inbound-return',
    returnMessage(m, request, m.endToEndId, request.amount ?? m.amount),
  );
  payment.returnOf = original.id;
  payment.ourAccount = original.ourAccount;
  if (original.accountId !== undefined) payment.accountId = original.accountId;
  if (original.virtualAccountId !== undefined) payment.virtualAccountId = original.virtualAccountId;
  original.returnedBy = payment.id;
  if (original.booked) original.booked.returned = true;
  arriveOrQueue(ctx, payment);
  return payment;
}

function arriveOrQueue(ctx: SchemeContext, payment: ChapsPayment): void {
  const now = ctx.now();
  if (isChapsOpen(now)) return arrive(ctx.state, ctx.emit, payment, now);
  payment.status = 'Queued';
  ctx.schedule(nextChapsOpening(now), `chaps arrival ${payment.id}`, arrival, payment);
}

/** The payment reaches the account: held (money in suspense), or credited and settled. */
function arrive(state: SimState, emit: Emit, payment: ChapsPayment, now: Date): void {
  if (takeRule(state, payment)?.action === 'hold' || payment.message.debtor.name === HELD_NAME) {
    payment.status = 'Held';
    payment.heldAt = now.toISOString();
    payment.outcome = { action: 'hold' };
    emit('InboundHeldTransaction', 1, inboundHeldPayload(state, payment));
    return;
  }
  credit(state, emit, payment, now);
}

const arrival = defineTask('chaps arrival', (host, payment: ChapsPayment) =>
  arrive(host.state, emitterFor(host, payment.institutionId), payment, host.clock.now()),
);

function credit(state: SimState, emit: Emit, payment: ChapsPayment, now: Date): void {
  payment.booked = bookEntry(state, payment, 'Credit', now);
  payment.booked.status = 'ACSC';
  moveMoney(state, payment.accountId as string, payment.message.amount, now);
  payment.status = 'Settled';
  payment.settledAt = now.toISOString();
  payment.outcome = { action: 'settle' };
  emit('TransactionSettled', 6, settledPayload(state, payment, now));
}

// --- Held payments (admin) ---------------------------------------------------------------------------------------

/**
 * An admin releases a held payment: one out settles, one in is credited (`TransactionSettled`), at once while
 * CHAPS is open, else when it next opens.
 */
export function releaseHeld(host: SimHost, payment: ChapsPayment): void {
  payment.outcome = { action: 'settle' };
  const now = host.clock.now();
  if (isChapsOpen(now)) return release(host, payment);
  payment.status = 'Queued';
  host.schedule(nextChapsOpening(now), `chaps release ${payment.id}`, released, payment);
}

function release(host: SimHost, payment: ChapsPayment): void {
  const now = host.clock.now();
  if (isOutbound(payment.kind)) return settleOut(host, payment, now);
  credit(host.state, emitterFor(host, payment.institutionId), payment, now);
}

const released = defineTask('chaps held release', release);

/**
 * An admin declines a held payment: one out is rejected with `HOPRJ` and its money returned
 * (`TransactionRejected`); one in goes back to the sending bank from suspense, without a webhook (the page names
 * none).
 */
export function declineHeld(host: SimHost, payment: ChapsPayment): void {
  if (isOutbound(payment.kind)) return reject(host, payment, HELD_REJECTION);
  payment.status = 'Rejected';
  payment.rejection = HELD_REJECTION;
  if (payment.kind === 'inbound-return') releaseOriginal(host.state, payment);
}

// --- Rules -------------------------------------------------------------------------------------------------------

/** Which kinds an action applies to when its rule names none. */
function defaultKinds(rule: Pick<ChapsRule, 'direction' | 'action'>): readonly ChapsKind[] {
  if (rule.direction === 'inbound') return ['inbound-customer', 'inbound-institution', 'inbound-return'];
  return rule.action === 'validation-failed'
    ? ['customer', 'institution', 'return']
    : ['customer', 'institution', 'cross-border', 'return'];
}

const sameText = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether an account written in a rule (IBAN, BBAN or sort code and account number) is the message's. */
function sameAccount(written: string, ref: AccountRef | undefined): boolean {
  const ids = identifiersOf(ref);
  const plain = written.replace(/[-\s]/g, '').toUpperCase();
  return [ids.iban, ids.bban, ids.sortCode && `${ids.sortCode}${ids.accountNumber}`].some(
    (id) => id !== undefined && id.replace(/[-\s]/g, '').toUpperCase() === plain,
  );
}

export function ruleMatches(rule: ChapsRule, payment: ChapsPayment): boolean {
  const m = payment.message;
  const kinds = rule.kinds ?? defaultKinds(rule);
  return (
    kinds.includes(payment.kind) &&
    (rule.endToEndId === undefined || rule.endToEndId === m.endToEndId) &&
    (rule.amount === undefined || rule.amount.eq(m.amount)) &&
    (rule.creditorName === undefined || sameText(rule.creditorName, m.creditor.name)) &&
    (rule.debtorName === undefined || sameText(rule.debtorName, m.debtor.name)) &&
    (rule.creditorAccount === undefined || sameAccount(rule.creditorAccount, m.creditorAccount)) &&
    (rule.debtorAccount === undefined || sameAccount(rule.debtorAccount, m.debtorAccount))
  );
}

/** The first rule that decides the payment, its use counted (a rule used up is removed). */
function takeRule(state: SimState, payment: ChapsPayment): ChapsRule | undefined {
  const rules = state.get(chaps).rules;
  const index = rules.findIndex((rule) => ruleMatches(rule, payment));
  const rule = rules[index];
  if (!rule) return undefined;
  if (rule.times !== undefined) {
    rule.times -= 1;
    if (rule.times <= 0) rules.splice(index, 1);
  }
  return rule;
}

// --- Parts ---------------------------------------------------------------------------------------------------------

function newPayment(ctx: SchemeContext, kind: ChapsKind, message: ChapsMessage): ChapsPayment {
  const payment: ChapsPayment = {
    id: randomUUID(),
    institutionId: ctx.institution.id,
    kind,
    messageId: ctx.requestId ?? randomUUID(),
    receivedAt: ctx.now().toISOString(),
    status: 'Accepted',
    message,
  };
  ctx.state.get(chaps).payments.set(payment.id, payment);
  return payment;
}

/** The payment's entry in the ledger (transaction reads list it), the same object the payment keeps. */
function bookEntry(
  state: SimState,
  payment: ChapsPayment,
  direction: 'Credit' | 'Debit',
  at: Date,
): BookedTransaction {
  const m = payment.message;
  const counterpart = direction === 'Debit' ? m.creditor : m.debtor;
  const ids = identifiersOf(direction === 'Debit' ? m.creditorAccount : m.debtorAccount);
  const entry: BookedTransaction = {
    id: payment.id,
    institutionId: payment.institutionId,
    accountId: payment.accountId as string,
    ...(payment.virtualAccountId !== undefined && { virtualAccountId: payment.virtualAccountId }),
    endToEndId: m.endToEndId,
    amount: m.amount,
    direction,
    scheme: 'Chaps',
    status: 'ACSP',
    createdAt: at.toISOString(),
    reference: m.reference ?? '',
    counterpart: { name: counterpart.name, ...ids },
    isReturn: payment.kind === 'return' || payment.kind === 'inbound-return',
  };
  state.get(ledger).transactions.push(entry);
  return entry;
}
