import { MoneyDecimal } from '../domain/money.js';
import type { Booking } from './ports.js';

/**
 * What a read-back makes of the bank's payment data, pure: for one send whose answer was lost after the bank
 * processed it, which of the bank's entries with its end-to-end id (if any) is this send's booking. An end-to-end
 * id may be sent again after a refusal or a rejection, so an entry of an earlier send must never count.
 */

/** One send as its booking would show it. */
export interface SentPayment {
  /** Decimal text, as the caller wrote it. */
  amount?: string;
  /** The creditor account's `accountIdentity`. */
  creditor?: string;
  /** The bank's time when this send was claimed (before it was sent): its booking is never earlier. */
  claimedAt: string;
}

/**
 * `booked`: a debit of this send (booked at or after its claim, the same amount and creditor, neither rejected
 * nor a return). `not-booked`: the bank holds no debit with this end-to-end id at all, so it refused the send
 * (a refusal books nothing). `undecided`: debits with this id, none of them this send's: an earlier send's,
 * one rejected since, or one whose parts the bank does not show; only a webhook can tell.
 */
export type ReadBackOutcome = 'booked' | 'not-booked' | 'undecided';

export function readBackOutcome(sent: SentPayment, bookings: readonly Booking[]): ReadBackOutcome {
  const debits = bookings.filter((booking) => booking.debit);
  if (debits.length === 0) return 'not-booked';
  return debits.some((booking) => isBookingOf(sent, booking)) ? 'booked' : 'undecided';
}

function isBookingOf(sent: SentPayment, booking: Booking): boolean {
  if (booking.status === 'RJCT' || booking.isReturn === true) return false;
  if (booking.bookedAt === undefined || !(Date.parse(booking.bookedAt) >= Date.parse(sent.claimedAt)))
    return false;
  if (sent.creditor === undefined || booking.account !== sent.creditor) return false;
  return sameAmount(sent.amount, booking.amount);
}

function sameAmount(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  try {
    return new MoneyDecimal(a).equals(b);
  } catch {
    return false;
  }
}
