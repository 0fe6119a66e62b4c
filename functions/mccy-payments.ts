import { mccyPaymentOperations } from '#shared/operations/mccy-payments/operations.js';
import { mccyPaymentsFamily } from '#shared/mccy-payments/family.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(mccyPaymentOperations, [mccyPaymentsFamily]);
await buildAtColdStart(dependencies);

/** Multi-currency payment batches and their cancellation, with the batch tracker. */
export const handler = createOperationHandler(mccyPaymentOperations, dependencies);
