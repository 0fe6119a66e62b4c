import { batchStoreOf } from '../mccy-payments/wiring.js';
import { buildAtColdStart, once } from './aws-common.js';
import { awsFamilyPorts } from './aws-family-ports.js';

/** Composition root of `GET /gateway/mccy/batches/{batchId}`: the batch table and nothing else. */
export const awsBatchStore = once(() => batchStoreOf(awsFamilyPorts()));

buildAtColdStart(awsBatchStore);
