import type { Attention } from '../gateway/attention.js';
import type { EventPublisher } from '../ports/events.js';
import type { Log } from '../ports/log.js';
import type { AccountClosureRecord } from './records.js';

/**
 * Where account closures live (DynamoDB, table `account-closures`): one record per account, every change one
 * conditional single-item write, so two requests (or a request and a webhook) can never both win.
 */
export interface AccountClosureStore {
  get(accountId: string): Promise<AccountClosureRecord | undefined>;
  /** False when the account has a record. */
  create(record: AccountClosureRecord): Promise<boolean>;
  /**
   * Writes `record` only if the stored one is still `expected` as read (its status and the length of its
   * history, which only grows); false otherwise.
   */
  replace(
    record: AccountClosureRecord,
    expected: Pick<AccountClosureRecord, 'status' | 'history'>,
  ): Promise<boolean>;
}

/** What the tracker and the hook are built from. */
export interface AccountClosureDependencies {
  store: AccountClosureStore;
  events: EventPublisher;
  log: Log;
  /** Where a closure whose outcome is unknown is raised until the bank's word moves it on; unset: nothing. */
  attention?: Attention;
}
