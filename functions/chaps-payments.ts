import { chapsOperations } from '#shared/operations/chaps/operations.js';
import { paymentsFamily } from '#shared/payments/family.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(chapsOperations, [paymentsFamily]);
await buildAtColdStart(dependencies);

/** CHAPS customer, institution and return payments and GBP cross-border payments, with the payments tracker; the simulated inbound CHAPS payments. */
export const handler = createOperationHandler(chapsOperations, dependencies);
