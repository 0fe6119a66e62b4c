import type { PaymentRecord, PaymentStatus } from './status.js';

/**
 * Where payment records live (DynamoDB, key the end-to-end id). Every change is one conditional single-item
 * write: a create that fails when the id exists, or a replace that fails when someone else moved it first.
 */
export interface PaymentStore {
  get(endToEndId: string): Promise<PaymentRecord | undefined>;
  /** False when a record with this end-to-end id exists. */
  create(record: PaymentRecord): Promise<boolean>;
  /** Writes `record` only if the stored one still has `expected`'s status and generation; false otherwise. */
  replace(record: PaymentRecord, expected: { status: PaymentStatus; generation: number }): Promise<boolean>;
  /** Remembers which end-to-end ids one bank request (X-Request-Id) claimed. */
  rememberRequest(requestId: string, endToEndIds: string[], now: Date): Promise<void>;
  /** The end-to-end ids a bank request claimed (empty when unknown). */
  endToEndIdsOf(requestId: string): Promise<string[]>;
}

/** The bank's payment data, read when a send was processed but its per-transfer answers were lost. */
export interface BankBookings {
  /** Whether the bank booked a debit with this end-to-end id; throws when it cannot tell. */
  isBooked(endToEndId: string, deadline?: number): Promise<boolean>;
}
