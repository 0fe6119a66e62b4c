import { mccyPaymentOperations } from '../shared/operations/mccy-payments/operations.js';
import { awsForwardDependencies } from '../shared/runtime/aws-gateway.js';
import { createOperationHandler } from './http/operation-handler.js';

/** Multi-currency payment batches and their cancellation. */
export const handler = createOperationHandler(mccyPaymentOperations, awsForwardDependencies);
