import { ukDateOf } from '#shared/domain/calendar.js';
import type { WebhookPayload } from '#shared/webhooks/payloads/index.js';
import type { CANCELLATION_CODES } from '#shared/webhooks/payloads/payments.js';
import { SIMULATED_BANK_NAME } from '#sim/core/bank.js';
import { balanceOf } from '#sim/core/ledger.js';
import type { SimState } from '#sim/core/state.js';
import { book } from '../sterling-accounts/accounts.js';
import { pacs004, pacs008, pacs009, type XmlAccount, type XmlParty } from './iso20022.js';
import { accountText, chaps, type ChapsPayment, identifiersOf, isOutbound } from './model.js';

/**
 * The webhooks of the simulated CHAPS scheme, member for member as the bank's pages show them
 * (`clearbank/clearbank.github.io`, `webhooks/`): `transaction-settled-webhook-v6.mdx` (its CHAPS example: an
 * inbound pacs.008 with `SupplementaryData` and `Iso20022XmlDocument`), `transaction-rejected-v2.mdx`,
 * `payment-message-validation-failed-webhook-v1.mdx`, `payment-message-assessment-failed-webhook-v1.mdx`,
 * `outbound-held-transaction-v1.mdx` and `inbound-held-transaction-v1.mdx`.
 */

/** The simulated bank's BIC as CHAPS messages name it (instructing agent out, instructed agent in). */
export const SIMULATED_BANK_BIC = 'CLRBGB22XXX';

/** `TransactionSource` of a GBP cross-border payment (the guide: how its `TransactionSettled` is recognised). */
export const CROSS_BORDER_SOURCE = 'Cross Border GBP';

export type CancellationCode = (typeof CANCELLATION_CODES)[number];

/** Our account's IBAN and BBAN: the resolved (virtual or real) account, else as the request wrote it. */
function ourIdentifiers(
  state: SimState,
  payment: ChapsPayment,
): { IBAN: string | null; BBAN: string | null } {
  const accounts = state.get(book);
  const account =
    (payment.virtualAccountId === undefined ? undefined : accounts.virtual.get(payment.virtualAccountId)) ??
    (payment.accountId === undefined ? undefined : accounts.real.get(payment.accountId));
  if (account) return { IBAN: account.iban, BBAN: account.bban };
  const given = identifiersOf(payment.ourAccount);
  return { IBAN: given.iban ?? null, BBAN: given.bban ?? null };
}

/** The other bank's account: the creditor's of a payment out, the debtor's of a payment in. */
function theirAccount(payment: ChapsPayment) {
  const m = payment.message;
  return identifiersOf(isOutbound(payment.kind) ? m.creditorAccount : m.debtorAccount);
}

function theirIdentifiers(payment: ChapsPayment): { IBAN: string | null; BBAN: string | null } {
  const their = theirAccount(payment);
  return { IBAN: their.iban ?? null, BBAN: their.bban ?? null };
}

/** `TransactionSettled` v6 of a CHAPS or cross-border payment, sent or received. */
export function settledPayload(
  state: SimState,
  payment: ChapsPayment,
  settledAt: Date,
): WebhookPayload<'TransactionSettled', 6> {
  const m = payment.message;
  const outbound = isOutbound(payment.kind);
  const booked = payment.booked;
  if (!booked) throw new Error(`CHAPS payment ${payment.id} settles without a ledger entry`);
  const ours = outbound ? m.debtor : m.creditor;
  const theirs = outbound ? m.creditor : m.debtor;
  const accounts = state.get(book);
  const virtual =
    payment.virtualAccountId === undefined ? undefined : accounts.virtual.get(payment.virtualAccountId);
  const real = payment.accountId === undefined ? undefined : accounts.real.get(payment.accountId);
  const balance = real ? balanceOf(state, real.id) : undefined;
  const theirRef = outbound ? m.creditorAccount : m.debtorAccount;
  const their = identifiersOf(theirRef);
  return {
    TransactionId: payment.id,
    Status: 'Settled',
    Scheme: 'Chaps',
    EndToEndTransactionId: m.endToEndId,
    Amount: booked.amount.toNumber(),
    TimestampSettled: settledAt.toISOString(),
    TimestampCreated: payment.receivedAt,
    CurrencyCode: 'GBP',
    DebitCreditCode: booked.direction,
    Reference: m.reference ?? null,
    IsReturn: booked.isReturn,
    Account: {
      ...ourIdentifiers(state, payment),
      // The name the bank holds for the account; the message's name for it ("as specified by the remitter").
      OwnerName: virtual?.name ?? real?.label ?? null,
      TransactionOwnerName: ours.name,
      InstitutionName: SIMULATED_BANK_NAME,
      // "Only available for transactions against real accounts".
      ...(virtual === undefined &&
        balance && {
          Balance: balance.amount.toNumber(),
          BalanceLastUpdatedAt: balance.updatedAt ?? settledAt.toISOString(),
        }),
    },
    CounterpartAccount: {
      // As the message writes the account (the page's CHAPS example: an IBAN alone).
      ...(theirRef?.iban !== undefined
        ? { IBAN: theirRef.iban }
        : their.bban !== undefined && { BBAN: their.bban }),
      OwnerName: theirs.name,
      TransactionOwnerName: theirs.name,
      // "Chaps = Beneficiary Institution" (the ordering institution in): its BIC, as the page's example.
      InstitutionName: m.otherBankBic ?? null,
    },
    // "Chaps = Instruction Identification".
    ActualEndToEndTransactionId: m.instructionId,
    ...(payment.kind === 'cross-border' && { TransactionSource: CROSS_BORDER_SOURCE }),
    ...(!outbound && { SupplementaryData: supplementaryData(state, payment, settledAt) }),
    Iso20022XmlDocument: isoDocument(state, payment, settledAt),
  };
}

/** `TransactionRejected` v2: a payment out rejected (by a rule, or a declined hold: `HOPRJ`), money returned. */
export function rejectedPayload(
  state: SimState,
  payment: ChapsPayment,
  rejection: { code: string; reason: string },
  at: Date,
): WebhookPayload<'TransactionRejected', 2> {
  const m = payment.message;
  return {
    TransactionId: payment.id,
    Status: 'Rejected',
    Scheme: 'Chaps',
    EndToEndTransactionId: m.endToEndId,
    Amount: m.amount.toNumber(),
    TimestampModified: at.toISOString(),
    CurrencyCode: 'GBP',
    DebitCreditCode: isOutbound(payment.kind) ? 'Debit' : 'Credit',
    Reference: m.reference ?? null,
    IsReturn: payment.kind === 'return' || payment.kind === 'inbound-return',
    CancellationReason: rejection.reason,
    CancellationCode: rejection.code as CancellationCode,
    Account: ourIdentifiers(state, payment),
    CounterpartAccount: theirIdentifiers(payment),
  };
}

/** `PaymentMessageValidationFailed` v1 (`PaymentMethodType` `Chaps`), one entry: the payment. */
export function validationFailedPayload(
  state: SimState,
  payment: ChapsPayment,
  reasons: string[],
): WebhookPayload<'PaymentMessageValidationFailed', 1> {
  const m = payment.message;
  const real = payment.accountId === undefined ? undefined : state.get(book).real.get(payment.accountId);
  const their = theirAccount(payment);
  return {
    MessageId: payment.messageId,
    PaymentMethodType: 'Chaps',
    ValidationFailure: [{ EndToEndId: m.endToEndId, Reasons: reasons }],
    AccountIdentification: {
      Debtor: {
        ...ourIdentifiers(state, payment),
        CUID: null,
        UPIC: null,
        AccountName: real?.name ?? m.debtor.name,
        AccountHolderLabel: real?.label ?? m.debtor.name,
        InstitutionName: SIMULATED_BANK_NAME,
      },
      Creditors: [
        {
          Reference: m.reference ?? null,
          Amount: m.amount.toNumber(),
          CurrencyCode: 'GBP',
          // "you will either receive the IBAN or the BBAN field".
          ...(their.iban !== undefined
            ? { IBAN: their.iban }
            : their.bban !== undefined && { BBAN: their.bban }),
          CUID: null,
          UPIC: null,
          AccountName: m.creditor.name,
          AccountHolderLabel: m.creditor.name,
          ...(m.otherBankBic !== undefined && { InstitutionName: m.otherBankBic }),
        },
      ],
    },
  };
}

/** `PaymentMessageAssesmentFailed` (sic) v1 (`PaymentMethodType` `Chaps`), one entry: the payment. */
export function assessmentFailedPayload(
  state: SimState,
  payment: ChapsPayment,
  reasons: string[],
): WebhookPayload<'PaymentMessageAssesmentFailed', 1> {
  const m = payment.message;
  return {
    MessageId: payment.messageId,
    PaymentMethodType: 'Chaps',
    AssesmentFailure: [{ EndToEndId: m.endToEndId, Reasons: reasons }],
    AccountIdentification: {
      Debtor: ourIdentifiers(state, payment),
      Creditors: [
        {
          Reference: m.reference ?? null,
          Amount: m.amount.toNumber(),
          CurrencyCode: 'GBP',
          ...theirIdentifiers(payment),
        },
      ],
    },
  };
}

/** `OutboundHeldTransaction` v1: a payment out held for compliance (its money stays debited). */
export function outboundHeldPayload(
  state: SimState,
  payment: ChapsPayment,
): WebhookPayload<'OutboundHeldTransaction', 1> {
  return heldPayload(state, payment);
}

/** `InboundHeldTransaction` v1: a payment in held for compliance (its money in suspense, not credited). */
export function inboundHeldPayload(
  state: SimState,
  payment: ChapsPayment,
): WebhookPayload<'InboundHeldTransaction', 1> {
  return heldPayload(state, payment);
}

function heldPayload(state: SimState, payment: ChapsPayment) {
  const m = payment.message;
  return {
    TimestampCreated: payment.heldAt ?? payment.receivedAt,
    Scheme: 'Chaps' as const,
    CounterpartAccount: theirIdentifiers(payment),
    Account: ourIdentifiers(state, payment),
    TransactionAmount: m.amount.toNumber(),
    ...(m.reference !== undefined && { PaymentReference: m.reference }),
    EndToEndTransactionId: m.endToEndId,
  };
}

// --- What a received payment carries besides: the message's fields and its ISO 20022 document -------------------

/**
 * `SupplementaryData` of a received payment: the MT fields of the message, as the page's CHAPS example lists
 * them (`20` instruction id, `32A` date and amount, `50K` ordering customer, `52A` ordering institution, `57A`
 * account-with institution, `59` beneficiary, `70` remittance, `71A` charges; an institution payment's
 * `21` related reference and `58A` beneficiary institution; a return's `21` original instruction and `72`).
 */
function supplementaryData(state: SimState, payment: ChapsPayment, settledAt: Date) {
  const m = payment.message;
  const date = ukDateOf(settledAt);
  const line = (...parts: (string | undefined)[]) => parts.filter((p) => p !== undefined).join('\r\n');
  const sender = m.otherBankBic ?? '';
  const fields: [string, string][] = [
    ['20', m.instructionId],
    ['32A', line(date, m.amount.toFixed(2))],
  ];
  if (payment.kind === 'inbound-institution') {
    fields.push(
      ['21', m.endToEndId],
      ['52A', sender],
      ['58A', line(m.creditor.bic ?? m.creditor.name, accountText(m.creditorAccount))],
    );
  } else if (payment.kind === 'inbound-return') {
    const original = originalOf(state, payment);
    fields.push(
      ['21', original?.message.instructionId ?? ''],
      ['52A', sender],
      ['72', line(`/RETN/${m.returnReason ?? ''}`, m.additionalInformation)],
    );
  } else {
    fields.push(
      ['33B', ''],
      ['50K', line(m.debtor.name, accountText(m.debtorAccount))],
      ['52A', sender],
      ['57A', SIMULATED_BANK_BIC],
      ['59', line(accountText(m.creditorAccount), m.creditor.name)],
      ['70', line(m.endToEndId, m.reference)],
      ['71A', 'SHAR'],
    );
  }
  return fields.map(([Name, Value]) => ({ Name, Value }));
}

function originalOf(state: SimState, payment: ChapsPayment): ChapsPayment | undefined {
  return payment.returnOf === undefined ? undefined : state.get(chaps).payments.get(payment.returnOf);
}

function xmlAccount(ref: ChapsPayment['message']['debtorAccount']): XmlAccount | undefined {
  if (ref === undefined) return undefined;
  return ref.iban !== undefined ? { iban: ref.iban } : { other: ref.identification };
}

function xmlParty(party: ChapsPayment['message']['debtor']): XmlParty {
  return {
    name: party.name,
    ...(party.postalAddress && { postalAddress: party.postalAddress }),
    ...(party.organisation && { organisation: party.organisation }),
    ...(party.privateIdentification !== undefined && { privateIdentification: party.privateIdentification }),
  };
}

/** The `Document` of the payment message: pacs.008, pacs.009 or pacs.004. */
export function isoDocument(state: SimState, payment: ChapsPayment, settledAt: Date): string {
  const m = payment.message;
  const outbound = isOutbound(payment.kind);
  const agents = outbound
    ? { instructingAgentBic: SIMULATED_BANK_BIC, instructedAgentBic: m.otherBankBic }
    : { instructingAgentBic: m.otherBankBic ?? 'UNKNGB2LXXX', instructedAgentBic: SIMULATED_BANK_BIC };
  const common = {
    createdAt: new Date(payment.receivedAt),
    settlementDate: ukDateOf(settledAt),
    currency: m.currency,
    ...agents,
  };
  if (payment.kind === 'return' || payment.kind === 'inbound-return') {
    const original = originalOf(state, payment);
    return pacs004({
      ...common,
      returnId: payment.kind === 'return' ? m.endToEndId : m.instructionId,
      original: {
        instructionId: original?.message.instructionId ?? '',
        endToEndId: original?.message.endToEndId ?? '',
        uetr: original?.message.uetr ?? '',
        amount: original?.message.amount ?? m.amount,
      },
      returnedAmount: m.amount,
      // The return chain names the original payment's parties.
      debtorName: m.creditor.name,
      debtorAccount: xmlAccount(m.creditorAccount),
      creditorName: m.debtor.name,
      creditorAccount: xmlAccount(m.debtorAccount),
      reason: m.returnReason ?? 'NARR',
      ...(m.additionalInformation !== undefined && { additionalInformation: m.additionalInformation }),
    });
  }
  const transfer = {
    ...common,
    instructionId: m.instructionId,
    endToEndId: m.endToEndId,
    uetr: m.uetr,
    amount: m.amount,
    debtorAccount: xmlAccount(m.debtorAccount),
    creditorAccount: xmlAccount(m.creditorAccount) ?? {},
    ...(m.purpose !== undefined && { purpose: m.purpose }),
    ...(m.categoryPurpose !== undefined && { categoryPurpose: m.categoryPurpose }),
    ...(m.reference !== undefined && { reference: { text: m.reference, form: m.referenceForm } }),
  };
  if (payment.kind === 'institution' || payment.kind === 'inbound-institution') {
    return pacs009({
      ...transfer,
      debtor: {
        bic: m.debtor.bic,
        lei: m.debtor.lei,
        name: m.debtor.name,
        postalAddress: m.debtor.postalAddress,
      },
      creditor: {
        bic: m.creditor.bic,
        lei: m.creditor.lei,
        name: m.creditor.name,
        postalAddress: m.creditor.postalAddress,
      },
    });
  }
  return pacs008({
    ...transfer,
    debtor: xmlParty(m.debtor),
    creditor: xmlParty(m.creditor),
    ...(outbound && m.otherBankBic !== undefined && { creditorAgentBic: m.otherBankBic }),
  });
}
