import { randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import { addDays, type LocalDate, ukDateOf, ukInstant } from '#shared/domain/calendar.js';
import {
  CREDIT_RETURN_REASONS,
  DEBIT_RETURN_REASONS,
  type DIRECT_CREDIT_CODES,
  type DIRECT_DEBIT_CODES,
} from '#shared/webhooks/payloads/direct-debits.js';
import { ledger, moveMoney, type BookedTransaction } from '#sim/core/ledger.js';
import { emitterFor } from '#sim/core/product.js';
import { defineState, type SimState } from '#sim/core/state.js';
import { defineTask } from '#sim/core/tasks.js';
import type { Emit, SimHost } from '#sim/core/types.js';
import { type BacsParty, bacsParty } from './payloads.js';
import {
  bacs,
  type Collection,
  originatorParty,
  type PayerAccount,
  payerParty,
  serviceUserOf,
  UNPAID_TRANSACTION_CODES,
} from './scheme.js';

/**
 * Bacs items on the institution's accounts beyond instructions and collections: inbound direct credits (created on
 * processing day, settled the day after unless recalled or held), item returns (`POST .../Transactions/Returns`),
 * returns whose contra never came (not settled), contras and indemnity claims. Each sends the webhook its page
 * documents, built member for member, and moves money in the ledger where the page says money moved. The scheme's
 * other side (remitting banks, service users, paying banks) is played by the admin endpoints (`admin.ts`).
 */

type CreditCode = (typeof DIRECT_CREDIT_CODES)[number];
type DebitCode = (typeof DIRECT_DEBIT_CODES)[number];

/** The bank's Bacs suspense account, where a returned or recalled credit waits (`SuspenseAccount`, `SuspenseAccountId`). */
export const BACS_SUSPENSE = {
  id: '5b0e7a9c-2f4d-4c1e-8a6b-9d3f1e2c7a50',
  party: { name: 'BACS SUSPENSE ACCOUNT', sortCode: '040004', accountNumber: '99119911' },
} as const;

export interface InboundCredit {
  /** `BacsTransactionId`. */
  id: string;
  institutionId: string;
  accountId: string;
  virtualAccountId?: string;
  amount: Decimal;
  reference: string;
  serviceUserNumber: string;
  transactionCode: CreditCode;
  remitter: BacsParty;
  beneficiary: BacsParty;
  processingDate: LocalDate;
  settlementDate: LocalDate;
  /** Pending on processing day; Held by screening; Settled in the account; Recalled by the remitter; Returned by us. */
  status: 'Pending' | 'Held' | 'Settled' | 'Recalled' | 'Returned';
  hold: boolean;
  createdAt: string;
}

export interface ItemReturn {
  /** The return's own `BacsTransactionId`. */
  id: string;
  kind: 'DirectCredit' | 'DirectDebit';
  originalId: string;
  institutionId: string;
  accountId: string;
  virtualAccountId?: string;
  amount: Decimal;
  reference: string;
  reasonCode: string;
  /** RA for a credit, U1/U7/U9 for a debit. */
  transactionCode: string;
  serviceUserNumber: string;
  /** Our account's side and the other bank's. */
  ours: BacsParty;
  theirs: BacsParty;
  processingDate: LocalDate;
  status: 'Pending' | 'NotSettled';
  createdAt: string;
}

export const bacsItems = defineState('bacs items', () => ({
  credits: new Map<string, InboundCredit>(),
  returns: new Map<string, ItemReturn>(),
}));

// --- Money ----------------------------------------------------------------------------------------------------

interface Booking {
  institutionId: string;
  accountId: string;
  virtualAccountId?: string;
  amount: Decimal;
  direction: 'Credit' | 'Debit';
  reference: string;
  counterpart: BacsParty;
  isReturn: boolean;
  id?: string;
}

/** Moves money on the real account (a virtual account has none of its own) and books the transaction. */
function book(host: SimHost, booking: Booking): BookedTransaction {
  const now = host.clock.now();
  moveMoney(
    host.state,
    booking.accountId,
    booking.direction === 'Credit' ? booking.amount : booking.amount.negated(),
    now,
  );
  const id = booking.id ?? randomUUID();
  const transaction: BookedTransaction = {
    id,
    institutionId: booking.institutionId,
    accountId: booking.accountId,
    ...(booking.virtualAccountId && { virtualAccountId: booking.virtualAccountId }),
    endToEndId: id,
    amount: booking.amount,
    direction: booking.direction,
    scheme: 'Bacs',
    status: 'ACSC',
    createdAt: now.toISOString(),
    reference: booking.reference,
    counterpart: {
      name: booking.counterpart.name,
      sortCode: booking.counterpart.sortCode,
      accountNumber: booking.counterpart.accountNumber,
    },
    isReturn: booking.isReturn,
  };
  host.state.get(ledger).transactions.push(transaction);
  return transaction;
}

/** A booking due on a later day (an indemnity claim's settlement). */
const bookingDue = defineTask('bacs booking', (host, booking: Booking) => void book(host, booking));

function checkAmount(amount: Decimal): void {
  if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > 2) {
    throw new RangeError('amount must be above 0 with at most 2 decimals');
  }
}

function accountOf(payer: PayerAccount) {
  return {
    accountId: payer.account.id,
    ...(payer.virtual && { virtualAccountId: payer.virtual.id }),
  };
}

function otherSide(state: SimState, serviceUserNumber: string, given?: Partial<BacsParty>): BacsParty {
  const user = serviceUserOf(state, serviceUserNumber);
  return {
    name: given?.name ?? user.name ?? '',
    sortCode: given?.sortCode ?? user.sortCode,
    accountNumber: given?.accountNumber ?? user.accountNumber,
  };
}

const midnight = (date: LocalDate) => `${date}T00:00:00Z`;

// --- Inbound direct credits -------------------------------------------------------------------------------------

export interface NewInboundCredit {
  institutionId: string;
  payer: PayerAccount;
  amount: Decimal;
  serviceUserNumber: string;
  reference: string;
  transactionCode?: CreditCode;
  remitter?: Partial<BacsParty>;
  /** Screening holds it at settlement (`BacsDirectCreditInboundPaymentHeld`) until released. */
  hold?: boolean;
  /** The processing day (day 2); default today. It settles the day after. */
  date?: LocalDate;
}

/** A remitting bank's direct credit for one of our accounts: `BacsDirectCreditInboundPaymentCreated` now. */
export function receiveInboundCredit(host: SimHost, input: NewInboundCredit): InboundCredit {
  checkAmount(input.amount);
  const now = host.clock.now();
  const date = input.date ?? ukDateOf(now);
  const credit: InboundCredit = {
    id: randomUUID(),
    institutionId: input.institutionId,
    ...accountOf(input.payer),
    amount: input.amount,
    reference: input.reference,
    serviceUserNumber: input.serviceUserNumber,
    transactionCode: input.transactionCode ?? '99',
    remitter: otherSide(host.state, input.serviceUserNumber, input.remitter),
    beneficiary: payerParty(input.payer),
    processingDate: date,
    settlementDate: addDays(date, 1),
    status: 'Pending',
    hold: input.hold ?? false,
    createdAt: now.toISOString(),
  };
  host.state.get(bacsItems).credits.set(credit.id, credit);
  emitterFor(host, credit.institutionId)('BacsDirectCreditInboundPaymentCreated', 2, {
    ServiceUserInformation: bacsParty(credit.remitter),
    BeneficiaryDetails: bacsParty(credit.beneficiary),
    Reference: credit.reference,
    Amount: credit.amount.toNumber(),
    ProcessingDate: midnight(credit.processingDate),
    TransactionCode: credit.transactionCode,
    ServiceUserNumber: credit.serviceUserNumber,
    Source: 'Bacs',
    BacsTransactionId: credit.id,
  });
  host.schedule(ukInstant(credit.settlementDate, '00:00'), `bacs credit ${credit.id}`, creditDue, credit.id);
  return credit;
}

const creditDue = defineTask('bacs inbound credit', (host, id: string) => settleInboundCredit(host, id));

/** Settlement day: held by screening (`BacsDirectCreditInboundPaymentHeld`), or paid into the account. */
export function settleInboundCredit(host: SimHost, id: string, release = false): InboundCredit | undefined {
  const credit = host.state.get(bacsItems).credits.get(id);
  if (!credit) return undefined;
  if (credit.status === 'Pending' && credit.hold && !release) {
    credit.status = 'Held';
    emitterFor(host, credit.institutionId)('BacsDirectCreditInboundPaymentHeld', 3, {
      ServiceUserInformation: bacsParty(credit.remitter),
      BeneficiaryDetails: bacsParty(credit.beneficiary),
      Reference: credit.reference,
      Amount: credit.amount.toNumber(),
      ProcessingDate: midnight(credit.processingDate),
      TransactionCode: credit.transactionCode,
      Source: 'Bacs',
      BacsTransactionId: credit.id,
      ServiceUserNumber: credit.serviceUserNumber,
    });
    return credit;
  }
  if (credit.status !== 'Pending' && !(credit.status === 'Held' && release)) return credit;
  credit.status = 'Settled';
  book(host, {
    id: credit.id,
    institutionId: credit.institutionId,
    accountId: credit.accountId,
    ...(credit.virtualAccountId && { virtualAccountId: credit.virtualAccountId }),
    amount: credit.amount,
    direction: 'Credit',
    reference: credit.reference,
    counterpart: credit.remitter,
    isReturn: false,
  });
  return credit;
}

/**
 * The remitting bank recalls a credit on processing day, before it settles: `BacsDirectCreditRecalled`. The
 * money goes to the suspense account and back to the recalling account, never into ours. Undefined when the
 * credit is unknown; a string (why) when it has already settled or gone.
 */
export function recallInboundCredit(
  host: SimHost,
  id: string,
  input: { recallReference?: string; recallingAccount?: Partial<BacsParty> } = {},
): InboundCredit | string | undefined {
  const credit = host.state.get(bacsItems).credits.get(id);
  if (!credit) return undefined;
  if (credit.status !== 'Pending' && credit.status !== 'Held') return `the credit is ${credit.status}`;
  credit.status = 'Recalled';
  const recalling = { ...credit.remitter, ...input.recallingAccount };
  emitterFor(host, credit.institutionId)('BacsDirectCreditRecalled', 1, {
    CreditorInformation: bacsParty(credit.beneficiary),
    DebtorInformation: bacsParty(credit.remitter),
    RecallingAccountInformation: bacsParty(recalling),
    ServiceUserName: credit.remitter.name.slice(0, 36),
    ServiceUserNumber: credit.serviceUserNumber,
    Amount: credit.amount.toNumber(),
    PaymentReference: credit.reference,
    TransactionCode: credit.transactionCode,
    Status: 'Recalled',
    ProcessingDate: midnight(credit.processingDate),
    SettlementDate: midnight(credit.settlementDate),
    TransactionType: 'DirectCredit',
    Source: 'Bacs',
    BacsTransactionId: credit.id,
    SuspenseAccountId: BACS_SUSPENSE.id,
    RecallReference: input.recallReference ?? credit.reference,
  });
  return credit;
}

// --- Item returns -------------------------------------------------------------------------------------------

export type ReturnableItem =
  { kind: 'DirectCredit'; credit: InboundCredit } | { kind: 'DirectDebit'; collection: Collection };

/** The item a return names, by its `BacsTransactionId` or the transaction id it was booked with. */
export function findReturnableItem(
  state: SimState,
  institutionId: string,
  transactionId: string,
): ReturnableItem | undefined {
  const id = transactionId.toLowerCase();
  const credit = state.get(bacsItems).credits.get(id);
  if (credit?.institutionId === institutionId) return { kind: 'DirectCredit', credit };
  const collection = state
    .get(bacs)
    .collections.find(
      (c) => c.institutionId === institutionId && (c.bacsTransactionId === id || c.id === id),
    );
  return collection && { kind: 'DirectDebit', collection };
}

export interface ReturnRequest {
  transactionId: string;
  reasonCode: string;
}

export type ReturnRefusal =
  { status: 404; detail: string } | { status: 400; errors: Record<string, string[]> };

/**
 * The items of one return request, all checked before any moves: each must exist and be the path's account's
 * (a virtual account's item on its virtual account, a real account's on the real account itself), else 404;
 * each must be settled and not returned yet, named once, with a reason of its kind, else 400 on its member.
 */
export function checkReturns(
  state: SimState,
  institutionId: string,
  where: { accountId: string; virtualAccountId?: string },
  returns: readonly ReturnRequest[],
): ReturnableItem[] | ReturnRefusal {
  const items: ReturnableItem[] = [];
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const [index, request] of returns.entries()) {
    const item = findReturnableItem(state, institutionId, request.transactionId);
    const on = item?.kind === 'DirectCredit' ? item.credit : item?.collection;
    if (
      !item ||
      !on ||
      on.accountId !== where.accountId ||
      (on.virtualAccountId ?? undefined) !== (where.virtualAccountId ?? undefined)
    ) {
      const account = where.virtualAccountId
        ? `virtual account ${where.virtualAccountId}`
        : `account ${where.accountId}`;
      return { status: 404, detail: `no Bacs item ${request.transactionId} on ${account}` };
    }
    const at = `returns[${index}]`;
    const problem = (member: string, message: string) => (errors[`${at}.${member}`] ??= []).push(message);
    if (seen.has(request.transactionId.toLowerCase())) problem('transactionId', 'the item is named twice');
    seen.add(request.transactionId.toLowerCase());
    if (item.kind === 'DirectCredit') {
      if (item.credit.status === 'Returned')
        problem('transactionId', 'the direct credit is already returned');
      else if (item.credit.status !== 'Settled') {
        problem('transactionId', `the direct credit is ${item.credit.status}, not settled`);
      }
      if (!(CREDIT_RETURN_REASONS as readonly string[]).includes(request.reasonCode)) {
        problem('reasonCode', 'a direct credit is returned with 0, 2, 3, 5, B or C');
      }
    } else {
      if (item.collection.returned) problem('transactionId', 'the direct debit is already returned');
      else if (item.collection.status !== 'Paid') {
        problem('transactionId', `the direct debit is ${item.collection.status}, not paid`);
      }
      if (!(DEBIT_RETURN_REASONS as readonly string[]).includes(request.reasonCode)) {
        problem('reasonCode', 'a direct debit is returned with 0 to 9, A or B');
      }
    }
    items.push(item);
  }
  return Object.keys(errors).length > 0 ? { status: 400, errors } : items;
}

/**
 * Sends checked items back: a credit's amount leaves the account for its service user
 * (`BacsDirectCreditReturnCreated`), a debit's comes back from its originator (`BacsDirectDebitReturnCreated`).
 */
export function returnItems(
  host: SimHost,
  items: readonly ReturnableItem[],
  returns: readonly ReturnRequest[],
  emit: Emit,
): ItemReturn[] {
  const now = host.clock.now();
  const today = ukDateOf(now);
  return items.map((item, index) => {
    const reasonCode = returns[index]?.reasonCode ?? '0';
    if (item.kind === 'DirectCredit') {
      const { credit } = item;
      credit.status = 'Returned';
      const made = record(host, {
        kind: 'DirectCredit',
        originalId: credit.id,
        institutionId: credit.institutionId,
        accountId: credit.accountId,
        ...(credit.virtualAccountId && { virtualAccountId: credit.virtualAccountId }),
        amount: credit.amount,
        reference: credit.reference,
        reasonCode,
        transactionCode: 'RA',
        serviceUserNumber: credit.serviceUserNumber,
        ours: credit.beneficiary,
        theirs: credit.remitter,
        processingDate: today,
      });
      book(host, { ...bookingOf(made), direction: 'Debit' });
      emit('BacsDirectCreditReturnCreated', 4, {
        SuspenseAccount: bacsParty(BACS_SUSPENSE.party),
        BeneficiaryDetails: bacsParty(made.ours),
        ServiceUserInformation: bacsParty(made.theirs),
        ReasonCode: reasonCode as (typeof CREDIT_RETURN_REASONS)[number],
        Reference: made.reference,
        Amount: made.amount.toNumber(),
        TransactionCode: 'RA',
        Source: 'Api',
        BacsTransactionId: made.id,
        OriginalBacsTransactionId: credit.id,
        OriginalBacsTransactionSun: credit.serviceUserNumber,
      });
      return made;
    }
    const { collection } = item;
    collection.returned = true;
    const mandate = host.state.get(bacs).mandates.get(collection.mandateId);
    const serviceUserNumber = mandate?.serviceUserNumber ?? '';
    const originator = mandate
      ? originatorParty(host.state, mandate)
      : otherSide(host.state, serviceUserNumber);
    const transactionCode = UNPAID_TRANSACTION_CODES[collection.transactionCode];
    const made = record(host, {
      kind: 'DirectDebit',
      originalId: collection.bacsTransactionId,
      institutionId: collection.institutionId,
      accountId: collection.accountId,
      ...(collection.virtualAccountId && { virtualAccountId: collection.virtualAccountId }),
      amount: collection.amount,
      reference: collection.reference,
      reasonCode,
      transactionCode,
      serviceUserNumber,
      ours: collection.payer,
      theirs: originator,
      processingDate: today,
    });
    book(host, { ...bookingOf(made), direction: 'Credit' });
    emit('BacsDirectDebitReturnCreated', 4, {
      PayerInformation: bacsParty(made.ours),
      OriginatorInformation: bacsParty(made.theirs),
      ReasonCode: reasonCode as (typeof DEBIT_RETURN_REASONS)[number],
      Reference: made.reference,
      Amount: made.amount.toNumber(),
      TransactionCode: transactionCode,
      Source: 'Api',
      BacsTransactionId: made.id,
      ProcessingDate: midnight(collection.date),
      ServiceUserNumber: serviceUserNumber,
      OriginalBacsTransactionId: collection.bacsTransactionId,
      OriginalBacsTransactionSun: serviceUserNumber,
    });
    return made;
  });
}

function record(host: SimHost, fields: Omit<ItemReturn, 'id' | 'status' | 'createdAt'>): ItemReturn {
  const made: ItemReturn = {
    id: randomUUID(),
    ...fields,
    status: 'Pending',
    createdAt: host.clock.now().toISOString(),
  };
  host.state.get(bacsItems).returns.set(made.id, made);
  return made;
}

function bookingOf(made: ItemReturn): Omit<Booking, 'direction'> {
  return {
    institutionId: made.institutionId,
    accountId: made.accountId,
    ...(made.virtualAccountId && { virtualAccountId: made.virtualAccountId }),
    amount: made.amount,
    reference: made.reference,
    counterpart: made.theirs,
    isReturn: true,
  };
}

/**
 * The return's contra never came, so it does not settle and its money movement is undone: a credit's return
 * (RA) with `BacsDebitPaymentNotSettled`, a debit's (U1, U7, U9) with `BacsCreditPaymentNotSettled`.
 */
export function returnNotSettled(host: SimHost, id: string): ItemReturn | string | undefined {
  const made = host.state.get(bacsItems).returns.get(id.toLowerCase());
  if (!made) return undefined;
  if (made.status !== 'Pending') return `the return is ${made.status}`;
  made.status = 'NotSettled';
  const emit = emitterFor(host, made.institutionId);
  const common = {
    Reference: made.reference,
    Amount: made.amount.toNumber(),
    ProcessingDate: midnight(made.processingDate),
    Status: 'ContraNotReceived' as const,
    Source: 'Bacs' as const,
    BacsTransactionId: made.id,
  };
  if (made.kind === 'DirectCredit') {
    const original = host.state.get(bacsItems).credits.get(made.originalId);
    if (original) original.status = 'Settled';
    book(host, { ...bookingOf(made), direction: 'Credit' });
    emit('BacsDebitPaymentNotSettled', 3, {
      DebtorInformation: bacsParty(made.ours),
      CreditorInformation: bacsParty(made.theirs),
      ...common,
      TransactionCode: 'RA',
    });
  } else {
    const original = host.state.get(bacs).collections.find((c) => c.bacsTransactionId === made.originalId);
    if (original) delete original.returned;
    book(host, { ...bookingOf(made), direction: 'Debit' });
    emit('BacsCreditPaymentNotSettled', 3, {
      DebtorInformation: bacsParty(made.theirs),
      CreditorInformation: bacsParty(made.ours),
      ...common,
      TransactionCode: made.transactionCode as 'U1' | 'U7' | 'U8' | 'U9',
    });
  }
  return made;
}

// --- Contras and indemnity claims ---------------------------------------------------------------------------

export interface Contra {
  institutionId: string;
  payer: PayerAccount;
  /** debit: our account collected direct debits and is credited their total; credit: it paid direct credits. */
  kind: 'credit' | 'debit';
  amount: Decimal;
  serviceUserNumber: string;
  reference: string;
  counterparty?: Partial<BacsParty>;
  date?: LocalDate;
}

/** A contra on processing day: `BacsDebitContraReceived` (account credited) or `BacsCreditContraReceived` (debited). */
export function receiveContra(host: SimHost, contra: Contra): { bacsTransactionId: string } {
  checkAmount(contra.amount);
  const date = contra.date ?? ukDateOf(host.clock.now());
  const ours = payerParty(contra.payer);
  const theirs = {
    name: contra.counterparty?.name ?? 'BACS CONTRA',
    sortCode: contra.counterparty?.sortCode ?? '',
    accountNumber: contra.counterparty?.accountNumber ?? '',
  };
  const id = randomUUID();
  book(host, {
    id,
    institutionId: contra.institutionId,
    ...accountOf(contra.payer),
    amount: contra.amount,
    direction: contra.kind === 'debit' ? 'Credit' : 'Debit',
    reference: contra.reference,
    counterpart: theirs,
    isReturn: false,
  });
  const emit = emitterFor(host, contra.institutionId);
  const common = {
    Reference: contra.reference,
    Amount: contra.amount.toNumber(),
    ProcessingDate: midnight(date),
    Status: 'Processed' as const,
    Source: 'Bacs' as const,
    BacsTransactionId: id,
  };
  if (contra.kind === 'debit') {
    emit('BacsDebitContraReceived', 3, {
      PayerInformation: bacsParty(theirs),
      OriginatorInformation: bacsParty(ours),
      ...common,
      TransactionCode: '99',
    });
  } else {
    emit('BacsCreditContraReceived', 3, {
      ServiceUserInformation: bacsParty(ours),
      BeneficiaryDetails: bacsParty(theirs),
      ...common,
      TransactionCode: '17',
    });
  }
  return { bacsTransactionId: id };
}

export interface IndemnityClaim {
  institutionId: string;
  /** Our account: the service user that collected. */
  payer: PayerAccount;
  amount: Decimal;
  serviceUserNumber: string;
  reference: string;
  reasonCode: '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
  transactionCode?: DebitCode;
  /** The paying customer's account at the other bank. */
  debtor?: Partial<BacsParty>;
  date?: LocalDate;
}

/**
 * A paying bank claims back a direct debit our account collected: `BacsDirectDebitIndemnityClaimReceived` on
 * processing day, the account debited on the settlement day (the day after).
 */
export function receiveIndemnityClaim(
  host: SimHost,
  claim: IndemnityClaim,
): { bacsTransactionId: string; settlementDate: LocalDate } {
  checkAmount(claim.amount);
  const date = claim.date ?? ukDateOf(host.clock.now());
  const settlementDate = addDays(date, 1);
  const creditor = payerParty(claim.payer);
  const debtor = {
    name: claim.debtor?.name ?? '',
    sortCode: claim.debtor?.sortCode ?? '',
    accountNumber: claim.debtor?.accountNumber ?? '',
  };
  const id = randomUUID();
  emitterFor(host, claim.institutionId)('BacsDirectDebitIndemnityClaimReceived', 3, {
    CreditorInformation: bacsParty(creditor),
    DebtorInformation: bacsParty(debtor),
    Reference: claim.reference,
    Amount: claim.amount.toNumber(),
    ProcessingDate: midnight(date),
    TransactionCode: claim.transactionCode ?? '17',
    Status: 'Pending',
    ServiceUserNumber: claim.serviceUserNumber,
    ReasonCode: claim.reasonCode,
    SettlementDate: midnight(settlementDate),
    Source: 'Bacs',
    BacsTransactionId: id,
  });
  const booking: Booking = {
    id,
    institutionId: claim.institutionId,
    ...accountOf(claim.payer),
    amount: claim.amount,
    direction: 'Debit',
    reference: claim.reference,
    counterpart: debtor,
    isReturn: false,
  };
  host.schedule(ukInstant(settlementDate, '00:00'), `bacs indemnity claim ${id}`, bookingDue, booking);
  return { bacsTransactionId: id, settlementDate };
}
