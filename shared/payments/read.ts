import { maskAccount } from '../domain/account-mask.js';
import { JsonNumber } from '../json/read-json.js';
import { failedEndToEndIds } from '../webhooks/payloads/readers.js';
import { accountIdentity } from './account-identity.js';
import {
  type Cancellation,
  type Direction,
  type Hold,
  type PaymentFacts,
  type PaymentScheme,
  type PaymentStatus,
  type Screening,
} from './status.js';

/**
 * What the payments tracker reads from requests, 202 answers and webhooks: structurally, the few members it
 * needs (the operations' schemas have validated requests already; webhooks and answers are the bank's).
 */

interface AccountIdentification {
  identification?: { iban?: unknown; other?: { identification?: unknown } | null } | null;
}
interface CreditTransfer {
  paymentIdentification?: { instructionIdentification?: unknown; endToEndIdentification?: unknown };
  amount?: { currency?: unknown; instructedAmount?: unknown };
  creditorAccount?: AccountIdentification;
}
interface PaymentInstruction {
  debtorAccount?: AccountIdentification;
  creditTransfers?: unknown;
  creditTransfer?: CreditTransfer;
}
/** `POST /v3/payments/fps` and `POST /v2/payments/fps/singlepayment`, as far as the tracker reads them. */
interface FpsPaymentBody {
  paymentInstructions?: unknown;
  paymentInstruction?: PaymentInstruction;
}

export interface PaymentIntent {
  /** The record's key: the end-to-end id (a CHAPS return, which has none, its instruction identification). */
  endToEndId: string;
  facts: PaymentFacts;
  /**
   * The creditor account's `accountIdentity`, to compare with a name check or a booking: the full account,
   * so it is never stored, logged or published (the facts carry it masked).
   */
  creditor?: string;
  /** Whether the name-check policy judges it: a UK payee's payment (FPS, a CHAPS customer payment). */
  payeeChecked: boolean;
  /** A CHAPS return: the bank's id of the received payment it gives back. */
  returns?: string;
}

/**
 * The CHAPS and cross-border writes the payments tracker follows, by operation id (`shared/operations/chaps/`),
 * and the scheme of each: one payment per request, answered 202 `{paymentId}`.
 */
export const SCHEME_OF_OPERATION: Readonly<Record<string, PaymentScheme>> = {
  createChapsCustomerPayment: 'CHAPS',
  createChapsInstitutionPayment: 'CHAPS',
  createChapsReturnPayment: 'CHAPS',
  createCrossBorderPayment: 'CrossBorder',
};

/** Whether the operation is one payment answered 202 `{paymentId}` (CHAPS, cross-border), not an FPS send. */
export function answersPaymentId(operationId: string): boolean {
  return Object.hasOwn(SCHEME_OF_OPERATION, operationId);
}

/** The payments one tracked request makes: FPS credit transfers, or one CHAPS or cross-border payment. */
export function intentsOf(call: { operationId: string; body: unknown }): PaymentIntent[] {
  if (!answersPaymentId(call.operationId)) return paymentIntents(call.body);
  const scheme = SCHEME_OF_OPERATION[call.operationId] as PaymentScheme;
  return call.operationId === 'createChapsReturnPayment'
    ? returnIntents(call.body)
    : chapsIntents(call.body, scheme, call.operationId === 'createChapsCustomerPayment');
}

/** One intent per credit transfer of an FPS payment request (bulk v3 or single v2). */
export function paymentIntents(body: unknown): PaymentIntent[] {
  if (!isObject(body)) return [];
  const request = body as FpsPaymentBody;
  const instructions: PaymentInstruction[] = Array.isArray(request.paymentInstructions)
    ? request.paymentInstructions.filter(isObject)
    : isObject(request.paymentInstruction)
      ? [request.paymentInstruction]
      : [];
  return instructions.flatMap((instruction) => {
    const transfers: CreditTransfer[] = Array.isArray(instruction.creditTransfers)
      ? instruction.creditTransfers.filter(isObject)
      : isObject(instruction.creditTransfer)
        ? [instruction.creditTransfer]
        : [];
    return transfers.flatMap((transfer) => {
      const endToEndId = text(transfer.paymentIdentification?.endToEndIdentification);
      if (endToEndId === undefined) return [];
      const creditor = accountIdentity(accountText(transfer.creditorAccount));
      return [
        {
          endToEndId,
          ...(creditor !== undefined && { creditor }),
          payeeChecked: true,
          facts: {
            amount: decimal(transfer.amount?.instructedAmount),
            // v2 single payments are sterling; v3 names the currency (null: sterling).
            currency: text(transfer.amount?.currency) ?? 'GBP',
            debtorAccount: maskAccount(accountText(instruction.debtorAccount)),
            creditorAccount: maskAccount(accountText(transfer.creditorAccount)),
            instructionIdentification: text(transfer.paymentIdentification?.instructionIdentification),
          },
        },
      ];
    });
  });
}

/** A CHAPS or cross-border account: `{iban}`, or `{schemeName, identification}` (`040004-12345678`). */
interface ChapsAccount {
  iban?: unknown;
  identification?: unknown;
}
/** The four CHAPS and cross-border writes, as far as the tracker reads them (`chaps-v6.json`, `cross-border-v4.json`). */
interface ChapsPaymentBody {
  endToEndIdentification?: unknown;
  instructionIdentification?: unknown;
  interBankSettlementAmount?: { amount?: unknown; currency?: unknown };
  sourceAccount?: ChapsAccount;
  debtorAccount?: ChapsAccount;
  creditorAccount?: ChapsAccount;
  /** A return: the received payment it gives back. */
  paymentId?: unknown;
}

/**
 * The one payment of a CHAPS customer or bank-to-bank payment, or a cross-border payment. The debtor's account is
 * `debtorAccount`, else (a bank-to-bank payment has none) the ClearBank `sourceAccount` debited.
 */
function chapsIntents(body: unknown, scheme: PaymentScheme, payeeChecked: boolean): PaymentIntent[] {
  if (!isObject(body)) return [];
  const request = body as ChapsPaymentBody;
  const endToEndId = text(request.endToEndIdentification);
  if (endToEndId === undefined) return [];
  const creditorText = chapsAccountText(request.creditorAccount);
  const creditor = accountIdentity(creditorText);
  return [
    {
      endToEndId,
      ...(creditor !== undefined && { creditor }),
      payeeChecked,
      facts: {
        scheme,
        amount: decimal(request.interBankSettlementAmount?.amount),
        currency: text(request.interBankSettlementAmount?.currency),
        debtorAccount: maskAccount(
          chapsAccountText(request.debtorAccount) ?? chapsAccountText(request.sourceAccount),
        ),
        creditorAccount: maskAccount(creditorText),
        instructionIdentification: text(request.instructionIdentification),
      },
    },
  ];
}

/**
 * A CHAPS return (`POST /payments/chaps/v6/return-payments`): it has no end-to-end id of its own, so its record
 * is keyed by its `instructionIdentification`; `paymentId` names the received payment it gives back.
 */
function returnIntents(body: unknown): PaymentIntent[] {
  if (!isObject(body)) return [];
  const request = body as ChapsPaymentBody;
  const instructionIdentification = text(request.instructionIdentification);
  const returned = text(request.paymentId);
  if (instructionIdentification === undefined || returned === undefined) return [];
  return [
    {
      endToEndId: instructionIdentification,
      payeeChecked: false,
      returns: returned,
      facts: { scheme: 'CHAPS', instructionIdentification, returnOf: { paymentId: returned } },
    },
  ];
}

function chapsAccountText(account: ChapsAccount | undefined): string | undefined {
  if (!isObject(account)) return undefined;
  const identification = text(account.iban) ?? text(account.identification);
  // `SortcodeAccountNumber`: the sort code and the account number joined by a hyphen.
  return identification !== undefined && /^\d{6}-\d{8}$/.test(identification)
    ? identification.replace('-', '')
    : identification;
}

/** The bank's id of the payment a CHAPS or cross-border write made: its 202's `paymentId`. */
export function answeredPaymentId(body: unknown): string | undefined {
  return isObject(body) ? text((body as { paymentId?: unknown }).paymentId) : undefined;
}

/** The per-transfer responses of a 202: v3 `transactions[]`, v2 `transaction`. */
export function answeredResponses(body: unknown): Array<{ endToEndId: string; response: string }> {
  if (!isObject(body)) return [];
  const answer = body as { transactions?: unknown; transaction?: unknown };
  const items = Array.isArray(answer.transactions)
    ? answer.transactions
    : answer.transaction === undefined
      ? []
      : [answer.transaction];
  return items.filter(isObject).flatMap((item) => {
    const endToEndId = text((item as { endToEndIdentification?: unknown }).endToEndIdentification);
    const response = text((item as { response?: unknown }).response);
    return endToEndId === undefined || response === undefined ? [] : [{ endToEndId, response }];
  });
}

/** Why the bank holds a payment: what the hold webhooks' pages say (their payloads carry no reason). */
export const HOLD_REASON =
  'held by the bank for compliance (UK financial sanctions) until it releases or declines the payment';

/** What a payment webhook says about a payment, or undefined when it is not one the tracker follows. */
export type PaymentWebhook =
  | {
      kind: 'transaction';
      endToEndId: string;
      to: PaymentStatus;
      direction: Direction;
      /**
       * The records' scheme when the bank's is one they follow (`FasterPayments`, `Chaps`; none named reads as
       * Faster Payments), else undefined: only a followed scheme creates a record the gateway did not claim.
       */
      scheme?: PaymentScheme;
      /** Whether the webhook names its scheme: a debit creates a record only then. */
      schemeNamed: boolean;
      /** The bank's `TransactionId` (for CHAPS and cross-border, the payment's `paymentId`). */
      transactionId?: string;
      /** A return (`IsReturn`): for CHAPS, its own instruction identification (`ActualEndToEndTransactionId`). */
      returned?: { instructionIdentification?: string };
      facts: PaymentFacts;
      screening?: Screening;
      hold?: Hold;
      cancellation?: Cancellation;
    }
  | {
      kind: 'message';
      messageId: string;
      to: PaymentStatus;
      /** The end-to-end ids the failure names (`ValidationFailure` / `AssesmentFailure` entries). */
      endToEndIds: string[];
    };

export function paymentWebhook(type: string, payload: unknown): PaymentWebhook | undefined {
  if (!isObject(payload)) return undefined;
  const p = payload as Record<string, unknown>;
  if (type === 'PaymentMessageValidationFailed' || type === 'PaymentMessageAssesmentFailed') {
    const messageId = text(p.MessageId);
    if (messageId === undefined) return undefined;
    const validation = type === 'PaymentMessageValidationFailed';
    return {
      kind: 'message',
      messageId,
      to: validation ? 'ValidationFailed' : 'AssessmentFailed',
      endToEndIds: failedEndToEndIds(validation ? p.ValidationFailure : p.AssesmentFailure),
    };
  }
  const held = HELD_DIRECTION[type];
  if (held === undefined && type !== 'TransactionSettled' && type !== 'TransactionRejected') return undefined;
  const endToEndId = text(p.EndToEndTransactionId);
  if (endToEndId === undefined) return undefined;
  const direction: Direction = held ?? (p.DebitCreditCode === 'Credit' ? 'Inbound' : 'Outbound');
  const account = maskAccount(bankAccountText(p.Account));
  const counterpart = maskAccount(bankAccountText(p.CounterpartAccount));
  const screening = type === 'TransactionSettled' ? screeningOf(p.SupplementaryData) : undefined;
  const scheme = schemeOf(p.Scheme, p.TransactionSource);
  const transactionId = text(p.TransactionId);
  const cancellation = type === 'TransactionRejected' ? cancellationOf(p) : undefined;
  const heldAt = text(p.TimestampCreated);
  const returnId = text(p.ActualEndToEndTransactionId);
  return {
    kind: 'transaction',
    endToEndId,
    to: held !== undefined ? 'Held' : type === 'TransactionSettled' ? 'Settled' : 'Rejected',
    direction,
    ...(scheme !== undefined && { scheme }),
    schemeNamed: text(p.Scheme) !== undefined,
    ...(transactionId !== undefined && { transactionId }),
    ...(p.IsReturn === true && {
      returned: returnId === undefined ? {} : { instructionIdentification: returnId },
    }),
    facts: {
      ...(scheme !== undefined && { scheme }),
      // A hold names no currency: the schemes it holds (Faster Payments, CHAPS, transfers) move sterling.
      amount: decimal(held === undefined ? p.Amount : p.TransactionAmount),
      currency: held === undefined ? text(p.CurrencyCode) : 'GBP',
      debtorAccount: direction === 'Outbound' ? account : counterpart,
      creditorAccount: direction === 'Outbound' ? counterpart : account,
      // A received CHAPS payment's id, which a return of it names (the settlement's TransactionId).
      ...(direction === 'Inbound' &&
        held === undefined &&
        scheme !== undefined &&
        scheme !== 'FPS' && { paymentId: transactionId }),
    },
    ...(screening && { screening }),
    ...(held !== undefined && { hold: { reason: HOLD_REASON, ...(heldAt !== undefined && { heldAt }) } }),
    ...(cancellation && { cancellation }),
  };
}

/** The hold webhooks and the direction of the payment each holds. */
const HELD_DIRECTION: Readonly<Record<string, Direction>> = {
  OutboundHeldTransaction: 'Outbound',
  InboundHeldTransaction: 'Inbound',
};

/**
 * The records' scheme for the bank's `Scheme`: `FasterPayments` (or none named, as before CHAPS) is FPS; `Chaps`
 * is CHAPS, or cross-border when its `TransactionSource` says `Cross Border GBP` (the cross-border guide);
 * transfers and Bacs are no scheme the records follow.
 */
function schemeOf(scheme: unknown, source: unknown): PaymentScheme | undefined {
  if (scheme === undefined || scheme === null || scheme === 'FasterPayments') return 'FPS';
  if (scheme !== 'Chaps') return undefined;
  return typeof source === 'string' && source.trim().toLowerCase() === 'cross border gbp'
    ? 'CrossBorder'
    : 'CHAPS';
}

function cancellationOf(p: Record<string, unknown>): Cancellation | undefined {
  const code = text(p.CancellationCode);
  const reason = text(p.CancellationReason);
  if (code === undefined && reason === undefined) return undefined;
  return { ...(code !== undefined && { code }), ...(reason !== undefined && { reason }) };
}

/** The abusive-message screening result, when the webhook carries `SupplementaryData`. */
function screeningOf(data: unknown): Screening | undefined {
  if (!Array.isArray(data)) return undefined;
  const entries = data.filter(isObject) as Array<{ Name?: unknown; Value?: unknown }>;
  const value = (name: string) => text(entries.find((entry) => entry.Name === name)?.Value);
  const identifiers = value('AbusiveMessageScreeningIdentifiers');
  return {
    result: value('AbusiveMessageScreeningResult') ?? 'absent',
    ...(identifiers !== undefined && { identifiers }),
  };
}

function accountText(account: AccountIdentification | undefined): string | undefined {
  const identification = account?.identification;
  return text(identification?.iban) ?? text(identification?.other?.identification);
}

function bankAccountText(account: unknown): string | undefined {
  if (!isObject(account)) return undefined;
  const { IBAN, BBAN } = account as { IBAN?: unknown; BBAN?: unknown };
  return text(IBAN) ?? text(BBAN);
}

function decimal(value: unknown): string | undefined {
  if (value instanceof JsonNumber) return value.source;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return value;
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
