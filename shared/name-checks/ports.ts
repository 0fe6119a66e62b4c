import type { NameCheckRecord } from './outcome.js';

/** Where name-check outcomes live (DynamoDB, key the end-to-end id). The latest check of an id wins. */
export interface NameCheckStore {
  /** The stored check, expired or not: readers compare `expiresAt` with their clock (`liveCheck`). */
  get(endToEndId: string): Promise<NameCheckRecord | undefined>;
  put(record: NameCheckRecord): Promise<void>;
}
