import type { Log } from '../ports/log.js';
import {
  type Attention,
  type AttentionItem,
  loggedAttention,
  OUTCOME_UNKNOWN,
  UNPUBLISHED_EVENT,
} from '../gateway/attention.js';
import { mccyBatchPath } from './paths.js';

/** The attention items of batches: kind `mccy-batch`, id the batchId. */
export const MCCY_BATCH_ATTENTION = 'mccy-batch';

/** Why a batch needs a person's eye while it stays so. */
export type BatchAttentionReason = typeof OUTCOME_UNKNOWN | 'cancel-pending' | typeof UNPUBLISHED_EVENT;

const DETAIL: Record<BatchAttentionReason, string> = {
  [OUTCOME_UNKNOWN]:
    'The batch was sent but the bank gave no definitive answer: whether it has the batch is unknown until its webhooks arrive or it is read back.',
  'cancel-pending':
    'A cancel of the batch (or of one of its transactions) is at the bank without a definitive answer: whether it took effect is unknown until its webhooks arrive.',
  [UNPUBLISHED_EVENT]:
    'A status change of a transaction of the batch could not be published; the next webhook of the batch, or the sweep, publishes it again.',
};

export interface BatchAttentionDependencies {
  attention?: Attention;
  log: Log;
}

/** The batch's item for `reason`, in the state since `since`. */
export function batchAttentionItem(
  batchId: string,
  reason: BatchAttentionReason,
  since: string,
): AttentionItem {
  return {
    kind: MCCY_BATCH_ATTENTION,
    id: batchId,
    reason,
    since,
    path: mccyBatchPath(batchId),
    detail: DETAIL[reason],
  };
}

/**
 * The list as batches use it, on both paths: a failure is logged and never stops the change that raised or
 * cleared it (the batch's own state is written already, or is about to be).
 */
export function batchAttention(deps: BatchAttentionDependencies): Attention | undefined {
  return loggedAttention(deps.attention, deps.log);
}

/** Raises an item for the batch; a failure is logged, never stops the change that raised it. */
export async function raiseBatchAttention(
  deps: BatchAttentionDependencies,
  batchId: string,
  reason: BatchAttentionReason,
  since: string,
): Promise<void> {
  await batchAttention(deps)?.raise(batchAttentionItem(batchId, reason, since));
}

/** Clears the batch's item for `reason`, once the bank's word moved it on; a failure is logged. */
export async function clearBatchAttention(
  deps: BatchAttentionDependencies,
  batchId: string,
  reason: BatchAttentionReason,
): Promise<void> {
  await batchAttention(deps)?.clear(MCCY_BATCH_ATTENTION, batchId, reason);
}
