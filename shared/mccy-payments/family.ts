import { ENV } from '../config/function-environment.js';
import { mccyBatchesTable } from './table.js';
import { defineFamily } from '../families/definition.js';
import { MCCY_BATCH_READ } from './paths.js';
import type { BatchStore } from './ports.js';
import { MCCY_BATCH_ATTENTION } from './attention.js';

/**
 * Multi-currency payment batches: one record per batch, every write a conditional UpdateItem (claimed,
 * accepted, cancel claimed and finished, a transaction moved on a webhook). The operation function starts
 * each scheduled batch's workflow (the stack's `MccyBatchWorkflow`); the sweep publishes again what a batch
 * could not publish.
 */
export const mccyPaymentsFamily = defineFamily({
  name: 'mccy-payments',
  table: mccyBatchesTable,
  operationFunction: 'mccy-payments',
  readerFunction: 'gateway-mccy',
  access: {
    operations: [{ table: mccyBatchesTable, actions: ['GetItem', 'UpdateItem'] }],
    processor: [{ table: mccyBatchesTable, actions: ['GetItem', 'UpdateItem'] }],
    reader: [{ table: mccyBatchesTable, actions: ['GetItem'] }],
    // Publishing a batch's events again: read the batch, mark what was published.
    sweep: [{ table: mccyBatchesTable, actions: ['GetItem', 'UpdateItem'] }],
  },
  publishes: ['operations', 'processor', 'sweep'],
  raisesAttention: ['operations', 'processor'],
  settings: [ENV.mccyOverdueAfterMinutes],
  // Its own module: a reader loads the store, none of the tracker.
  store: async () => {
    const { DynamoDbBatchStore } = await import('./dynamodb-store.js');
    return (ports): Pick<BatchStore, 'get'> =>
      new DynamoDbBatchStore(ports.dynamo, ports.tableName(mccyBatchesTable));
  },
  reads: [
    {
      id: 'getMccyBatch',
      path: MCCY_BATCH_READ,
      param: 'batchId',
      summary: 'Get a multi-currency payment batch',
      description:
        "A batch by its batchId: its processing time and cancellation deadline, each transaction with its status, and the batch's history (overdue when settlement is late).",
      maxLength: 36,
      read: (store, batchId) => store.get(batchId),
      notFound: (batchId) => `No multi-currency batch with id ${batchId} is known to the gateway.`,
    },
  ],
  tracker: async () => (await import('./wiring.js')).mccyPaymentsTrackerOf,
  hook: async () => (await import('./wiring.js')).mccyPaymentsHookOf,
  republish: {
    kind: MCCY_BATCH_ATTENTION,
    load: async () => (await import('./wiring.js')).mccyBatchRepublisherOf,
  },
});
