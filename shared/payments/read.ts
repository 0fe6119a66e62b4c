import { maskAccount } from '../domain/account-mask.js';
import { JsonNumber } from '../json/read-json.js';
import { failedEndToEndIds } from '../webhooks/payloads/readers.js';
import { accountIdentity } from './account-identity.js';
import { type Direction, type PaymentFacts, type PaymentStatus, type Screening } from './status.js';

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
  endToEndId: string;
  facts: PaymentFacts;
  /**
   * The creditor account's `accountIdentity`, to compare with a name check or a booking: the full account,
   * so it is never stored, logged or published (the facts carry it masked).
   */
  creditor?: string;
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

/** What a payment webhook says about a payment, or undefined when it is not one the tracker follows. */
export type PaymentWebhook =
  | {
      kind: 'transaction';
      endToEndId: string;
      to: PaymentStatus;
      direction: Direction;
      /** The scheme as the bank names it: only FasterPayments creates records the gateway did not claim. */
      fasterPayments: boolean;
      facts: PaymentFacts;
      screening?: Screening;
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
  if (type !== 'TransactionSettled' && type !== 'TransactionRejected') return undefined;
  const endToEndId = text(p.EndToEndTransactionId);
  if (endToEndId === undefined) return undefined;
  const direction: Direction = p.DebitCreditCode === 'Credit' ? 'Inbound' : 'Outbound';
  const account = maskAccount(bankAccountText(p.Account));
  const counterpart = maskAccount(bankAccountText(p.CounterpartAccount));
  const screening = type === 'TransactionSettled' ? screeningOf(p.SupplementaryData) : undefined;
  return {
    kind: 'transaction',
    endToEndId,
    to: type === 'TransactionSettled' ? 'Settled' : 'Rejected',
    direction,
    fasterPayments: p.Scheme === 'FasterPayments',
    facts: {
      amount: decimal(p.Amount),
      currency: text(p.CurrencyCode),
      debtorAccount: direction === 'Outbound' ? account : counterpart,
      creditorAccount: direction === 'Outbound' ? counterpart : account,
    },
    ...(screening && { screening }),
  };
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
