import { paymentOperations } from '#shared/operations/payments/operations.js';
import { paymentsFamily } from '#shared/payments/family.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(paymentOperations, [paymentsFamily]);
await buildAtColdStart(dependencies);

/** Payment data reads and instant payments (send, return, overseas single payment), with the payments tracker. */
export const handler = createOperationHandler(paymentOperations, dependencies);
