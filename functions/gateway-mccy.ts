import type { BatchStore } from '#shared/mccy-payments/ports.js';
import { mccyBatchPath } from '#shared/mccy-payments/paths.js';
import { awsBatchStore } from '#shared/runtime/root-gateway-mccy.js';
import { createRecordReadHandler } from './http/record-read-handler.js';

/** GET /gateway/mccy/batches/{batchId}: a batch the gateway sent, its schedule, transactions and history. */
export function createMccyBatchesReadHandler(store: () => Pick<BatchStore, 'get'>) {
  return createRecordReadHandler({
    route: 'GET /gateway/mccy/batches/{batchId}',
    param: 'batchId',
    maxLength: 36,
    read: (batchId) => store().get(batchId),
    notFound: (batchId) => ({
      detail: `No multi-currency batch with id ${batchId} is known to the gateway.`,
      instance: mccyBatchPath(batchId),
    }),
  });
}

export const handler = createMccyBatchesReadHandler(awsBatchStore);
