import { randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import { FPS_TEXT, SCHEME_CREDITOR_NAME_LENGTH, SCHEME_REFERENCE_LENGTH } from '#shared/domain/fps-rules.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import type { FpsAccount, FpsResponse, SinglePaymentResponse } from '#shared/operations/payments/schemas.js';
import { SIMULATED_BANK_NAME } from '#sim/core/bank.js';
import { type BookedTransaction, balanceOf, type Counterpart, ledger, moveMoney } from '#sim/core/ledger.js';
import { defineState, type SimState } from '#sim/core/state.js';
import { defineTask } from '#sim/core/tasks.js';
import type { RouteContext, SimHost } from '#sim/core/types.js';
import type { WebhookPayload } from '#shared/webhooks/payloads/index.js';
import { book, type RealAccount, type VirtualAccount } from '../sterling-accounts/accounts.js';

/**
 * The simulated Faster Payments scheme (spec part 1, "Instant domestic payments") on the shared ledger
 * (`core/ledger.ts`): a send debits each accepted instruction at once and settles (`TransactionSettled`) or
 * is rejected with the money returned (`TransactionRejected`, or the validation and assessment failures)
 * after `settlementDelayMs` on the simulated clock; inbound credits settle at once.
 */

const SCREENING_PATH =
  'paymentInstruction.creditTransfer.remittanceInformation.structured.creditorReferenceInformation.reference';

/** The scheme's rules as the simulator plays them; `PATCH /__sim/payments/config` changes them. */
export interface PaymentsConfig {
  /** Simulated milliseconds from an accepted send to its TransactionSettled / TransactionRejected. */
  settlementDelayMs: number;
  /** Creditor sort codes the scheme cannot reach: a payment to one is rejected and its money returned. */
  unreachableSortCodes: string[];
  /** Words of the abusive-message screening (matched case-insensitively as whole words). */
  abusiveWords: string[];
  /**
   * Creditor sort codes not registered to Faster Payments: the bank's assessment stops a payment to one after
   * its 202 (`PaymentMessageAssesmentFailed`) and returns the money.
   */
  unregisteredSortCodes: string[];
}

export const DEFAULT_PAYMENTS_CONFIG: Readonly<PaymentsConfig> = {
  settlementDelayMs: 5_000,
  unreachableSortCodes: ['999999'],
  abusiveWords: ['scam', 'idiot', 'thief'],
  unregisteredSortCodes: ['999998'],
};

export const fpsConfig = defineState('faster-payments', (): PaymentsConfig => ({
  ...DEFAULT_PAYMENTS_CONFIG,
  unreachableSortCodes: [...DEFAULT_PAYMENTS_CONFIG.unreachableSortCodes],
  abusiveWords: [...DEFAULT_PAYMENTS_CONFIG.abusiveWords],
  unregisteredSortCodes: [...DEFAULT_PAYMENTS_CONFIG.unregisteredSortCodes],
}));

// --- Sends -------------------------------------------------------------------------------------------------

export interface Transfer {
  endToEndId: string;
  amount: Decimal;
  creditorName: string;
  creditorAccount: FpsAccount;
  reference: string | undefined;
}

/**
 * One instruction: its debtor account must be the institution's (InvalidAccount), Enabled (`disabled`),
 * and hold the instruction's total above its minimum balance (InsufficientFunds); then every transfer is
 * debited and settles later.
 */
export function debit<R extends FpsResponse | SinglePaymentResponse>(
  ctx: RouteContext<unknown>,
  debtorAccount: FpsAccount,
  transfers: Transfer[],
  disabled: R,
): R | 'Accepted' | 'InvalidAccount' | 'InsufficientFunds' {
  const account = findAccount(ctx.state, ctx.institution.id, debtorAccount);
  if (!account) return 'InvalidAccount';
  if (account.status !== 'Enabled') return disabled;
  const total = transfers.reduce((sum, t) => sum.plus(t.amount), new MoneyDecimal(0));
  if (balanceOf(ctx.state, account.id).amount.minus(total).lt(account.minimumBalance))
    return 'InsufficientFunds';
  const state = ctx.state.get(ledger);
  const config = ctx.state.get(fpsConfig);
  const now = ctx.now();
  const failed: Record<FailureKind, Failed[]> = { validation: [], assessment: [] };
  for (const transfer of transfers) {
    moveMoney(ctx.state, account.id, transfer.amount.negated(), now);
    const booked: BookedTransaction = {
      id: randomUUID(),
      institutionId: account.institutionId,
      accountId: account.id,
      endToEndId: transfer.endToEndId,
      amount: transfer.amount,
      direction: 'Debit',
      scheme: 'FasterPayments',
      status: 'ACSP',
      createdAt: now.toISOString(),
      reference: (transfer.reference ?? '').slice(0, SCHEME_REFERENCE_LENGTH),
      counterpart: {
        name: transfer.creditorName.slice(0, SCHEME_CREDITOR_NAME_LENGTH),
        ...identifiersOf(transfer.creditorAccount),
      },
      isReturn: false,
    };
    state.transactions.push(booked);
    const failure = failureOf(transfer, booked, config);
    if (failure) {
      failed[failure.kind].push({ transfer, booked, reasons: failure.reasons });
      continue;
    }
    ctx.schedule(
      new Date(now.getTime() + config.settlementDelayMs),
      `settle ${booked.id}`,
      settlement,
      booked,
    );
  }
  // One message per instruction and kind of failure, after the 202, as the scheme's checks run.
  const messageId = ctx.requestId ?? randomUUID();
  for (const kind of ['validation', 'assessment'] as const) {
    if (failed[kind].length === 0) continue;
    const at = new Date(now.getTime() + config.settlementDelayMs);
    ctx.schedule(at, `${kind} failure ${messageId}`, messageFailure, kind, messageId, account, failed[kind]);
  }
  return 'Accepted';
}

/** Settlement on the clock: rejected (money back) for an unreachable sort code, else settled. */
export function settle(sim: SimHost, transaction: BookedTransaction): void {
  const config = sim.state.get(fpsConfig);
  const now = sim.clock.now();
  const account = sim.state.get(book).real.get(transaction.accountId) as RealAccount;
  if (
    transaction.counterpart.sortCode !== undefined &&
    config.unreachableSortCodes.includes(transaction.counterpart.sortCode)
  ) {
    transaction.status = 'RJCT';
    moveMoney(sim.state, transaction.accountId, transaction.amount, now);
    sim.emitWebhook('TransactionRejected', 2, rejectedPayload(account, transaction, now), {
      institutionId: transaction.institutionId,
    });
    return;
  }
  transaction.status = 'ACSC';
  sim.emitWebhook('TransactionSettled', 6, settledPayload(sim.state, account, transaction, config, now), {
    institutionId: transaction.institutionId,
  });
}

export const settlement = defineTask('faster payment settlement', settle);

// --- Failures after the 202 (PaymentMessageValidationFailed, PaymentMessageAssesmentFailed) ---------------------

type FailureKind = 'validation' | 'assessment';
interface Failed {
  transfer: Transfer;
  booked: BookedTransaction;
  reasons: string[];
}

/** A UK IBAN, the only kind Faster Payments reaches. */
const UK_IBAN = /^GB\d{2}[A-Z]{4}\d{14}$/;

/**
 * What the bank's checks after the 202 find in one transfer (the validation page's causes). Validation: the
 * scheme's character set (`FPS_TEXT`; the gateway refuses these first, but the bank answers them 202) and a
 * creditor IBAN of the wrong form, which the send's published schema does not check either. Assessment: a creditor sort code not registered to the scheme (configurable).
 */
export function failureOf(
  transfer: Pick<Transfer, 'creditorName' | 'reference'>,
  booked: Pick<BookedTransaction, 'counterpart'>,
  config: Pick<PaymentsConfig, 'unregisteredSortCodes'>,
): { kind: FailureKind; reasons: string[] } | undefined {
  const iban = booked.counterpart.iban;
  const reasons = [
    ...(FPS_TEXT.test(transfer.creditorName) ? [] : ['Creditor name contains invalid characters']),
    ...(FPS_TEXT.test(transfer.reference ?? '') ? [] : ['Creditor reference contains invalid characters']),
    ...(iban === undefined || UK_IBAN.test(iban)
      ? []
      : ['Payments-0[0].Creditor IBAN - must match regex pattern']),
  ];
  if (reasons.length > 0) return { kind: 'validation', reasons };
  const sortCode = booked.counterpart.sortCode;
  if (sortCode !== undefined && config.unregisteredSortCodes.includes(sortCode)) {
    return {
      kind: 'assessment',
      reasons: ['UnexecutableCode.InboundSchemeNotAccepted; Inbound scheme not accepted'],
    };
  }
  return undefined;
}

/** The failed transfers of one instruction: money back, status RJCT, one webhook naming each end-to-end id. */
function failMessage(
  sim: SimHost,
  kind: FailureKind,
  messageId: string,
  account: RealAccount,
  failed: Failed[],
): void {
  const now = sim.clock.now();
  for (const { booked } of failed) {
    booked.status = 'RJCT';
    moveMoney(sim.state, booked.accountId, booked.amount, now);
  }
  const failures = failed.map(({ booked, reasons }) => ({ EndToEndId: booked.endToEndId, Reasons: reasons }));
  const options = { institutionId: account.institutionId };
  if (kind === 'validation') {
    sim.emitWebhook(
      'PaymentMessageValidationFailed',
      1,
      {
        MessageId: messageId,
        PaymentMethodType: 'FasterPayments',
        ValidationFailure: failures,
        AccountIdentification: {
          Debtor: {
            IBAN: account.iban,
            BBAN: account.bban,
            CUID: null,
            UPIC: null,
            AccountName: account.name,
            AccountHolderLabel: account.label,
            InstitutionName: SIMULATED_BANK_NAME,
          },
          Creditors: failed.map(({ transfer, booked }) => ({
            Reference: transfer.reference ?? '',
            Amount: booked.amount.toNumber(),
            CurrencyCode: 'GBP',
            ...creditorIdentifiers(booked),
            CUID: null,
            UPIC: null,
            AccountName: transfer.creditorName,
            AccountHolderLabel: transfer.creditorName,
          })),
        },
      },
      options,
    );
    return;
  }
  sim.emitWebhook(
    'PaymentMessageAssesmentFailed',
    1,
    {
      MessageId: messageId,
      PaymentMethodType: 'FasterPayments',
      AssesmentFailure: failures,
      AccountIdentification: {
        Debtor: { IBAN: account.iban, BBAN: account.bban },
        Creditors: failed.map(({ transfer, booked }) => ({
          Reference: transfer.reference ?? '',
          Amount: booked.amount.toNumber(),
          CurrencyCode: 'GBP',
          IBAN: booked.counterpart.iban ?? null,
          BBAN: booked.counterpart.bban ?? null,
        })),
      },
    },
    options,
  );
}

const messageFailure = defineTask('faster payment message failure', failMessage);

/** A creditor's IBAN and BBAN where known: the validation page gives one or the other. */
function creditorIdentifiers(t: BookedTransaction): { IBAN?: string; BBAN?: string } {
  return {
    ...(t.counterpart.iban !== undefined && { IBAN: t.counterpart.iban }),
    ...(t.counterpart.bban !== undefined && { BBAN: t.counterpart.bban }),
  };
}

/** The screening of a reference: matching words removed (the beneficiary gets an empty reference). */
function screen(reference: string, config: PaymentsConfig): { reference: string; failed: boolean } {
  const words = config.abusiveWords.map((word) => word.toLowerCase());
  const failed = reference
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => words.includes(word));
  return failed ? { reference: '', failed } : { reference, failed };
}

// --- Inbound credits (admin) ----------------------------------------------------------------------------------

export interface InboundCredit {
  amount: string;
  endToEndId?: string;
  reference?: string;
  debtorName?: string;
  debtorSortCode?: string;
  debtorAccountNumber?: string;
  virtualAccountId?: string;
}

/**
 * `POST /__sim/accounts/{accountId}/credit`: a payment from another bank arrives and settles at once
 * (`TransactionSettled`, DebitCreditCode Credit), to the account or to one of its virtual accounts. `missing`
 * names what does not exist (a virtual account of another account does not exist here).
 */
export function creditAccount(
  sim: SimHost,
  accountId: string,
  credit: InboundCredit,
): BookedTransaction | { missing: string } {
  const account = sim.state.get(book).real.get(accountId);
  if (!account) return { missing: `no account ${accountId}` };
  const virtual =
    credit.virtualAccountId === undefined
      ? undefined
      : sim.state.get(book).virtual.get(credit.virtualAccountId.toLowerCase());
  if (credit.virtualAccountId !== undefined && virtual?.accountId !== account.id) {
    return { missing: `no virtual account ${credit.virtualAccountId} in account ${accountId}` };
  }
  const now = sim.clock.now();
  const amount = new MoneyDecimal(credit.amount);
  if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > 2) {
    throw new RangeError('amount must be above 0 with at most 2 decimals');
  }
  // A virtual account holds no money of its own: the credit lands in its real account.
  moveMoney(sim.state, accountId, amount, now);
  const sortCode = credit.debtorSortCode ?? '200000';
  const accountNumber = credit.debtorAccountNumber ?? '55779911';
  const transaction: BookedTransaction = {
    id: randomUUID(),
    institutionId: account.institutionId,
    accountId,
    ...(virtual && { virtualAccountId: virtual.id }),
    endToEndId: credit.endToEndId ?? `IN${now.getTime()}`,
    amount,
    direction: 'Credit',
    scheme: 'FasterPayments',
    status: 'ACSP',
    createdAt: now.toISOString(),
    reference: (credit.reference ?? '').slice(0, SCHEME_REFERENCE_LENGTH),
    counterpart: {
      name: credit.debtorName ?? 'Inbound Payer',
      sortCode,
      accountNumber,
      bban: `BARC${sortCode}${accountNumber}`,
    },
    isReturn: false,
  };
  sim.state.get(ledger).transactions.push(transaction);
  settle(sim, transaction);
  return transaction;
}

// --- Webhook payloads (shared/spec/webhooks.md) -------------------------------------------------------------

function settledPayload(
  state: SimState,
  account: RealAccount,
  t: BookedTransaction,
  config: PaymentsConfig,
  now: Date,
): WebhookPayload<'TransactionSettled', 6> {
  const screened = t.direction === 'Debit' && !t.isReturn ? screen(t.reference, config) : undefined;
  if (screened) t.reference = screened.reference;
  const virtual =
    t.virtualAccountId === undefined ? undefined : state.get(book).virtual.get(t.virtualAccountId);
  return {
    TransactionId: t.id,
    Status: 'Settled',
    Scheme: t.scheme,
    EndToEndTransactionId: t.endToEndId,
    Amount: t.amount.toNumber(),
    TimestampSettled: now.toISOString(),
    TimestampCreated: t.createdAt,
    CurrencyCode: 'GBP',
    DebitCreditCode: t.direction,
    Reference: t.reference,
    IsReturn: t.isReturn,
    Account: virtual ? virtualAccountOf(virtual) : realAccountOf(state, account, now),
    CounterpartAccount: {
      ...creditorIdentifiers(t),
      OwnerName: t.counterpart.name,
      TransactionOwnerName: t.counterpart.name,
      InstitutionName: null,
    },
    ActualEndToEndTransactionId: fpidOf(t),
    ...(screened && {
      SupplementaryData: [
        { Name: 'AbusiveMessageScreeningResult', Value: screened.failed ? 'Fail' : 'Pass' },
        ...(screened.failed ? [{ Name: 'AbusiveMessageScreeningIdentifiers', Value: SCREENING_PATH }] : []),
      ],
    }),
  };
}

/** `Balance` and `BalanceLastUpdatedAt` only for a real account, the balance a JSON number as the page shows it. */
function realAccountOf(state: SimState, account: RealAccount, now: Date) {
  const balance = balanceOf(state, account.id);
  return {
    IBAN: account.iban,
    BBAN: account.bban,
    OwnerName: account.label,
    TransactionOwnerName: account.label,
    InstitutionName: SIMULATED_BANK_NAME,
    Balance: balance.amount.toNumber(),
    BalanceLastUpdatedAt: balance.updatedAt ?? now.toISOString(),
  };
}

function virtualAccountOf(virtual: VirtualAccount) {
  return {
    IBAN: virtual.iban,
    BBAN: virtual.bban,
    OwnerName: virtual.name,
    TransactionOwnerName: virtual.name,
    InstitutionName: SIMULATED_BANK_NAME,
  };
}

/** The scheme's own payment id (FPID for Faster Payments): the simulator derives one from the transaction. */
function fpidOf(t: BookedTransaction): string {
  return `FP${t.id.replace(/-/g, '').toUpperCase()}`;
}

/** The rejection of a payment to an unreachable sort code: `AC03`, the creditor account cannot be reached. */
const UNREACHABLE = { code: 'AC03', reason: 'Creditor account number invalid or not reachable' } as const;

function rejectedPayload(
  account: RealAccount,
  t: BookedTransaction,
  now: Date,
): WebhookPayload<'TransactionRejected', 2> {
  return {
    TransactionId: t.id,
    Status: 'Rejected',
    Scheme: t.scheme,
    EndToEndTransactionId: t.endToEndId,
    Amount: t.amount.toNumber(),
    TimestampModified: now.toISOString(),
    CurrencyCode: 'GBP',
    DebitCreditCode: t.direction,
    Reference: t.reference,
    IsReturn: t.isReturn,
    CancellationReason: UNREACHABLE.reason,
    CancellationCode: UNREACHABLE.code,
    Account: { IBAN: account.iban, BBAN: account.bban },
    CounterpartAccount: { IBAN: t.counterpart.iban ?? null, BBAN: t.counterpart.bban ?? null },
  };
}

// --- Accounts -------------------------------------------------------------------------------------------------

function findAccount(state: SimState, institutionId: string, account: FpsAccount): RealAccount | undefined {
  const iban = account.identification.iban ?? undefined;
  const bban = account.identification.other?.identification;
  return [...state.get(book).real.values()].find(
    (real) =>
      real.institutionId === institutionId &&
      ((iban !== undefined && real.iban === iban) || (bban !== undefined && real.bban === bban)),
  );
}

/** IBAN / BBAN / sort code / account number of a creditor account as written. */
function identifiersOf(account: FpsAccount): Omit<Counterpart, 'name'> {
  const iban = account.identification.iban ?? undefined;
  const other = account.identification.other;
  if (iban !== undefined && UK_IBAN.test(iban)) {
    return { iban, bban: iban.slice(4), sortCode: iban.slice(8, 14), accountNumber: iban.slice(14) };
  }
  const id = other?.identification;
  if (id !== undefined) {
    const digits = /^[A-Z]{4}(\d{14})$/.exec(id)?.[1] ?? (/^\d{14}$/.test(id) ? id : undefined);
    if (digits) return { bban: id, sortCode: digits.slice(0, 6), accountNumber: digits.slice(6) };
    return { bban: id };
  }
  return iban !== undefined ? { iban } : {};
}
