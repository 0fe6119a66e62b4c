import { customerOperations } from '#shared/operations/customers/operations.js';
import { awsForwardDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

/** Retail customers (create, amend, current address) and protected deposit accounts (/v4/Accounts). */
export const handler = createOperationHandler(customerOperations, awsForwardDependencies);
