/** Where the gateway answers a batch it keeps. */
export const mccyBatchPath = (batchId: string) => `/gateway/mccy/batches/${encodeURIComponent(batchId)}`;
