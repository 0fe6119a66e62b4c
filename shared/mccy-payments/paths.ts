import { readPath } from '../families/definition.js';

/** Where the gateway answers a batch it keeps (`GET /gateway/mccy/batches/{batchId}`). */
export const MCCY_BATCH_READ = '/gateway/mccy/batches/{batchId}';
export const mccyBatchPath = (batchId: string) => readPath(MCCY_BATCH_READ, batchId);
