import type { PaymentRecord } from './status.js';

/**
 * Where payment records live (DynamoDB, key the end-to-end id). Every change is one conditional single-item
 * write: a create that fails when the id exists, or a replace that fails when someone else moved it first.
 */
export interface PaymentStore {
  get(endToEndId: string): Promise<PaymentRecord | undefined>;
  /** False when a record with this end-to-end id exists. */
  create(record: PaymentRecord): Promise<boolean>;
  /**
   * Writes `record` only if the stored one is still `expected` as read (its status, generation and history
   * length); false otherwise. `record`'s history must be `expected`'s with entries appended: a history is
   * never replaced (the store throws on one that is not).
   */
  replace(
    record: PaymentRecord,
    expected: Pick<PaymentRecord, 'status' | 'generation' | 'history'>,
  ): Promise<boolean>;
  /** Remembers which end-to-end ids one bank request (X-Request-Id) claimed. */
  rememberRequest(requestId: string, endToEndIds: string[], now: Date): Promise<void>;
  /** The end-to-end ids a bank request claimed (empty when unknown). */
  endToEndIdsOf(requestId: string): Promise<string[]>;
  /** Remembers which record the bank's payment id (CHAPS, cross-border) names. */
  rememberPayment(paymentId: string, endToEndId: string, now: Date): Promise<void>;
  /** The end-to-end id of the record the bank's payment id names (undefined when unknown). */
  endToEndIdOfPayment(paymentId: string): Promise<string | undefined>;
}

/** One entry of the bank's payment data with the payment's end-to-end id, as far as a read-back compares it. */
export interface Booking {
  /** A debit of one of our accounts (`DBIT`): a send. */
  debit: boolean;
  /** Decimal text, as the bank wrote it. */
  amount?: string;
  /** The counterpart's `accountIdentity` (for a send, the creditor): the full account, never logged. */
  account?: string;
  /** When the bank booked it, on the bank's clock (ISO 8601). */
  bookedAt?: string;
  /** The bank's status: `RJCT` for a rejected entry (its money returned). */
  status?: string;
  /** A return of a received payment, when the bank says so. */
  isReturn?: boolean;
}

/** The bank's payment data, read when a send was processed but its per-transfer answers were lost. */
export interface BankBookings {
  /** Every entry the bank holds with this end-to-end id; throws when it cannot tell. */
  bookingsOf(endToEndId: string, deadline?: number): Promise<Booking[]>;
}
