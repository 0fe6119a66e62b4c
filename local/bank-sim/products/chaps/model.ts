import type { Decimal } from 'decimal.js';
import type { BookedTransaction } from '#sim/core/ledger.js';
import { defineState, type SimState } from '#sim/core/state.js';
import { book, type RealAccount, type VirtualAccount } from '../sterling-accounts/accounts.js';
import type { XmlAddress } from './iso20022.js';

/**
 * The simulated CHAPS scheme's data: payments (sent, received, returned), the scheme's configuration and the
 * admin's rules. Plain data only (the sandbox saves it with `snapshot-json.ts`): a payment keeps the message
 * it carries, its ledger entry (the same object as in `core/ledger.ts`'s list) and what was decided for it.
 */

/** What the institution sends: pacs.008 (customer), pacs.009 (institution), GBP cross-border, a return. */
export type OutboundKind = 'customer' | 'institution' | 'cross-border' | 'return';
/** What another bank sends, through the three simulation-only operations. */
export type InboundKind = 'inbound-customer' | 'inbound-institution' | 'inbound-return';
export type ChapsKind = OutboundKind | InboundKind;

export const OUTBOUND_KINDS: readonly OutboundKind[] = ['customer', 'institution', 'cross-border', 'return'];
export const INBOUND_KINDS: readonly InboundKind[] = [
  'inbound-customer',
  'inbound-institution',
  'inbound-return',
];

export function isOutbound(kind: ChapsKind): kind is OutboundKind {
  return (OUTBOUND_KINDS as readonly string[]).includes(kind);
}

/** An account as a request names it: an IBAN, or a scheme name (`BBan`, `SortcodeAccountNumber`) and identification. */
export interface AccountRef {
  iban?: string;
  schemeName?: string;
  identification?: string;
}

export interface ChapsParty {
  name: string;
  postalAddress?: XmlAddress;
  /** An institution's LEI (pacs.009 parties). */
  lei?: string;
  /** An institution's BIC (the inbound pacs.009 `debtorBic` / `creditorBic`). */
  bic?: string;
  organisation?: { bic?: string; lei?: string; otherIdentification?: string };
  privateIdentification?: string;
}

/** The payment message as the scheme carries it. */
export interface ChapsMessage {
  instructionId: string;
  endToEndId: string;
  /** The scheme's unique end-to-end reference (a version 4 UUID). */
  uetr: string;
  amount: Decimal;
  currency: string;
  debtor: ChapsParty;
  debtorAccount?: AccountRef;
  creditor: ChapsParty;
  creditorAccount?: AccountRef;
  /** The other bank's BIC: the creditor agent of a payment out, the instructing agent of one in. */
  otherBankBic?: string;
  purpose?: string;
  categoryPurpose?: string;
  reference?: string;
  referenceForm: 'structured' | 'unstructured';
  /** A return's reason code and its additional information. */
  returnReason?: string;
  additionalInformation?: string;
}

/**
 * `Accepted`: debited (or being credited), its outcome due on the clock; `Queued`: received while CHAPS is
 * closed, credited when it opens; `Held`: held for compliance until an admin call releases or rejects it;
 * `NotDelivered`: an inbound payment to no account of the institution (the simulation page: no webhook).
 */
export type ChapsStatus =
  | 'Accepted'
  | 'Queued'
  | 'Held'
  | 'Settled'
  | 'Rejected'
  | 'ValidationFailed'
  | 'AssessmentFailed'
  | 'NotDelivered';

/** What happens to an accepted payment when its time comes. */
export type Outcome =
  { action: 'settle' } | { action: 'hold' } | { action: 'reject'; code: string; reason: string };

export interface ChapsPayment {
  /** The bank's `paymentId`, and the `TransactionId` of the payment's webhooks. */
  id: string;
  institutionId: string;
  kind: ChapsKind;
  /** The request's `X-Request-Id`: the `MessageId` of a validation or assessment failure. */
  messageId: string;
  receivedAt: string;
  status: ChapsStatus;
  message: ChapsMessage;
  /** The institution's side as the request named it (the source account out, the creditor account in). */
  ourAccount?: AccountRef;
  /** The real account whose balance moves, and the virtual account the transaction shows in, if any. */
  accountId?: string;
  virtualAccountId?: string;
  /** The ledger's entry once money moved (the same object as in the ledger's list). */
  booked?: BookedTransaction;
  outcome?: Outcome;
  /** A failure's reasons, a rejection's code and reason, or why an inbound payment was not delivered. */
  reasons?: string[];
  rejection?: { code: string; reason: string };
  note?: string;
  settledAt?: string;
  /** When it was held (the held webhooks' `TimestampCreated`: "Date and time the transaction was held"). */
  heldAt?: string;
  /** A return: the payment it returns; a returned payment: its return. */
  returnOf?: string;
  returnedBy?: string;
}

/** The scheme's settings; `PATCH /__sim/chaps/config` changes them. */
export interface ChapsConfig {
  /** Simulated milliseconds from an accepted payment's 202 to its outcome. */
  settlementDelayMs: number;
  /** Creditor sort codes not reachable over CHAPS: the assessment fails ("Unable to find chaps routing bic"). */
  unroutableSortCodes: string[];
}

export const DEFAULT_CHAPS_CONFIG: Readonly<ChapsConfig> = {
  settlementDelayMs: 5_000,
  unroutableSortCodes: ['999998'],
};

export type RuleAction = 'reject' | 'validation-failed' | 'assessment-failed' | 'hold';

/**
 * An admin rule: a payment that matches every member given is decided by `action` (the first matching rule
 * wins, in the order added). Outbound rules: reject (money returned, `TransactionRejected`), fail validation
 * or assessment (`PaymentMessage...Failed`), or hold (`OutboundHeldTransaction`); inbound rules hold
 * (`InboundHeldTransaction`).
 */
export interface ChapsRule {
  id: string;
  direction: 'outbound' | 'inbound';
  /** Only these kinds (default: every kind of the direction the action applies to). */
  kinds?: ChapsKind[];
  endToEndId?: string;
  amount?: Decimal;
  creditorName?: string;
  creditorAccount?: string;
  debtorName?: string;
  debtorAccount?: string;
  action: RuleAction;
  cancellationCode?: string;
  cancellationReason?: string;
  reasons?: string[];
  /** How many more payments it decides; absent: every match. */
  times?: number;
}

export const chaps = defineState('chaps', () => ({
  config: { ...DEFAULT_CHAPS_CONFIG, unroutableSortCodes: [...DEFAULT_CHAPS_CONFIG.unroutableSortCodes] },
  rules: [] as ChapsRule[],
  /** Every payment by id, in the order received. */
  payments: new Map<string, ChapsPayment>(),
}));

// --- Accounts ----------------------------------------------------------------------------------------------------

/** The 14 digits of a sort code and account number written with or without a hyphen or spaces. */
function sortCodeAndNumber(identification: string): string | undefined {
  const digits = identification.replace(/[-\s]/g, '');
  return /^\d{14}$/.test(digits) ? digits : undefined;
}

function isSortCodeScheme(schemeName: string | undefined): boolean {
  return schemeName?.toLowerCase() === 'sortcodeaccountnumber';
}

/** Whether the account named by `ref` is the one with this IBAN and BBAN (`CLRB` + sort code + number). */
export function names(ref: AccountRef | undefined, account: { iban: string; bban: string }): boolean {
  if (ref === undefined) return false;
  if (ref.iban !== undefined) return ref.iban.toUpperCase() === account.iban;
  if (ref.identification === undefined) return false;
  if (isSortCodeScheme(ref.schemeName))
    return sortCodeAndNumber(ref.identification) === account.bban.slice(4);
  return ref.identification.toUpperCase() === account.bban;
}

/** The institution's account `ref` names: a real account, or a virtual account and its real account. */
export function findOurAccount(
  state: SimState,
  institutionId: string,
  ref: AccountRef | undefined,
): { real: RealAccount; virtual?: VirtualAccount } | undefined {
  const accounts = state.get(book);
  for (const real of accounts.real.values()) {
    if (real.institutionId === institutionId && names(ref, real)) return { real };
  }
  for (const virtual of accounts.virtual.values()) {
    const real = accounts.real.get(virtual.accountId);
    if (real && virtual.institutionId === institutionId && names(ref, virtual)) return { real, virtual };
  }
  return undefined;
}

/** An account's IBAN and BBAN as a webhook names them (null where the request gave none). */
export interface Identifiers {
  iban?: string;
  bban?: string;
  sortCode?: string;
  accountNumber?: string;
}

/** The identifiers a request's account gives: a UK IBAN's BBAN and sort code too. */
export function identifiersOf(ref: AccountRef | undefined): Identifiers {
  if (ref === undefined) return {};
  if (ref.iban !== undefined) {
    const iban = ref.iban.toUpperCase();
    const uk = /^GB\d{2}([A-Z]{4})(\d{6})(\d{8})$/.exec(iban);
    return uk ? { iban, bban: iban.slice(4), sortCode: uk[2], accountNumber: uk[3] } : { iban };
  }
  const identification = ref.identification;
  // A cross-border creditor's `Other` identification is no bank account number the webhooks could name.
  if (identification === undefined || ref.schemeName === 'Other') return {};
  const digits = isSortCodeScheme(ref.schemeName)
    ? sortCodeAndNumber(identification)
    : /^[A-Z]{4}(\d{14})$/.exec(identification.toUpperCase())?.[1];
  const written = isSortCodeScheme(ref.schemeName)
    ? (digits ?? identification)
    : identification.toUpperCase();
  // The webhooks' BBAN is at most 30 characters; the requests' identification up to 34.
  const bban = written.length <= 30 ? { bban: written } : {};
  return digits ? { ...bban, sortCode: digits.slice(0, 6), accountNumber: digits.slice(6) } : bban;
}

/** How an account is written in rules and ISO 20022 `Othr/Id`: its IBAN, else its identification. */
export function accountText(ref: AccountRef | undefined): string | undefined {
  return ref?.iban ?? ref?.identification;
}
