/**
 * Records that need a person's attention if they stay as they are: an outcome the gateway does not know
 * (a lost answer, "already processed"), a pending cancel, an event not yet published. A tracker raises an
 * item when a record enters such a state and clears it when the bank's word moves the record on; what stays
 * raised past its bound is counted by the sweep (an alarm on AWS) and listed by the sandbox
 * (`GET /gateway/local/attention`). One item per record and reason: raising again keeps the first `since`.
 */
export interface AttentionItem {
  /** The record's family and id, e.g. `payment`, `mccy-batch`, `fx-trade`. */
  kind: string;
  id: string;
  /** Why it needs attention, e.g. `outcome-unknown`, `cancel-pending`. */
  reason: string;
  /** When the record entered this state (ISO 8601). */
  since: string;
  /** Where the record is read (`/gateway/payments/<id>`): for the person who looks. */
  path: string;
  /** A sentence for that person; never a full account number. */
  detail: string;
}

export interface Attention {
  raise(item: AttentionItem): Promise<void>;
  clear(kind: string, id: string, reason: string): Promise<void>;
}

/** Metric counted when a final outcome arrives for a record already final with another (alarmed on AWS). */
export const OUTCOME_CONFLICT_METRIC = 'RecordOutcomeConflict';
