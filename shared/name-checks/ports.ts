import type { NameCheckRecord } from './outcome.js';

/**
 * Where name-check outcomes live (DynamoDB, key the end-to-end id). A check binds to the account it was made
 * against: the latest check of an id is served (`get`), and the latest against each account is what counts
 * for a payment to that account (`getForEach`), so a later check of another account never hides a no match.
 */
export interface NameCheckStore {
  /** The latest check of this end-to-end id, expired or not: readers compare `expiresAt` (`liveCheck`). */
  get(endToEndId: string): Promise<NameCheckRecord | undefined>;
  /**
   * For each end-to-end id, the latest check of it made against its `account` (`checkedAccountOf`,
   * `accountIdentity`), expired or not; undefined where that id was never checked against that account.
   * One read for them all, in the order asked.
   */
  getForEach(
    checks: ReadonlyArray<{ endToEndId: string; account: string }>,
  ): Promise<Array<NameCheckRecord | undefined>>;
  /** Keeps `record` as its id's latest check and as its latest against `account`, the account it checked. */
  put(record: NameCheckRecord, account: string): Promise<void>;
}
