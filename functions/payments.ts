import { paymentOperations } from '#shared/operations/payments/operations.js';
import { awsPaymentsForwardDependencies } from '#shared/runtime/root-payments.js';
import { createOperationHandler } from './http/operation-handler.js';

/** Payment data reads and instant payments (send, return, overseas single payment), with the payments tracker. */
export const handler = createOperationHandler(paymentOperations, awsPaymentsForwardDependencies);
