/**
 * The bank's webhook delivery rules (spec part 1, Events and Limits), for the simulator that applies them
 * and the stack and inbox that must fit them.
 */

/** The bank waits this long for the signed answer, then counts the delivery as failed (`Timeout`). */
export const ANSWER_DEADLINE_MS = 5_000;
/** A failed delivery is retried every 15 minutes... */
export const RETRY_INTERVAL_MS = 15 * 60 * 1000;
/** ...for 24 hours: a redelivery can arrive this long after the first attempt. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
