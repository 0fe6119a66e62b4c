import type { Log } from '../ports/log.js';
import type { Attention } from '../gateway/attention.js';
import { mccyBatchPath } from './paths.js';

/** The attention items of batches: kind `mccy-batch`, id the batchId. */
export const MCCY_BATCH_ATTENTION = 'mccy-batch';

/** Why a batch needs a person's eye while it stays so. */
export type BatchAttentionReason = 'outcome-unknown' | 'cancel-pending' | 'unpublished-event';

const DETAIL: Record<BatchAttentionReason, string> = {
  'outcome-unknown':
    'The batch was sent but the bank gave no definitive answer: whether it has the batch is unknown until its webhooks arrive or it is read back.',
  'cancel-pending':
    'A cancel of the batch (or of one of its transactions) is at the bank without a definitive answer: whether it took effect is unknown until its webhooks arrive.',
  'unpublished-event':
    'A status change of a transaction of the batch could not be published; the next webhook of the batch, or the sweep, publishes it again.',
};

export interface BatchAttentionDependencies {
  attention?: Attention;
  log: Log;
}

/** Raises an item for the batch; a failure is logged, never stops the change that raised it. */
export function raiseBatchAttention(
  deps: BatchAttentionDependencies,
  batchId: string,
  reason: BatchAttentionReason,
  since: string,
): Promise<void> {
  return onTheList(deps, { batchId, reason, failure: 'could not be listed' }, (attention) =>
    attention.raise({
      kind: MCCY_BATCH_ATTENTION,
      id: batchId,
      reason,
      since,
      path: mccyBatchPath(batchId),
      detail: DETAIL[reason],
    }),
  );
}

/** Clears the batch's item for `reason`, once the bank's word moved it on; a failure is logged. */
export function clearBatchAttention(
  deps: BatchAttentionDependencies,
  batchId: string,
  reason: BatchAttentionReason,
): Promise<void> {
  return onTheList(deps, { batchId, reason, failure: 'could not be taken off the list' }, (attention) =>
    attention.clear(MCCY_BATCH_ATTENTION, batchId, reason),
  );
}

/** One change to the list, when there is one; its failure logged (the batch's own state is written already). */
async function onTheList(
  deps: BatchAttentionDependencies,
  item: { batchId: string; reason: BatchAttentionReason; failure: string },
  change: (attention: Attention) => Promise<void>,
): Promise<void> {
  if (deps.attention === undefined) return;
  try {
    await change(deps.attention);
  } catch (error) {
    deps.log.error(`a batch needing attention ${item.failure}`, {
      batchId: item.batchId,
      reason: item.reason,
      error: (error as Error).message,
    });
  }
}
