import { mccyPaymentOperations } from '#shared/operations/mccy-payments/operations.js';
import { awsMccyPaymentsForwardDependencies } from '#shared/runtime/root-mccy-payments.js';
import { createOperationHandler } from './http/operation-handler.js';

/** Multi-currency payment batches and their cancellation, with the batch tracker. */
export const handler = createOperationHandler(mccyPaymentOperations, awsMccyPaymentsForwardDependencies);
