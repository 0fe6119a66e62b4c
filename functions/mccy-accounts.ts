import { mccyAccountOperations } from '#shared/operations/mccy-accounts/operations.js';
import { awsForwardDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

/** Multi-currency accounts and virtual accounts, their transactions and statements, internal transfers and the simulated inbound payment. */
export const handler = createOperationHandler(mccyAccountOperations, awsForwardDependencies);
