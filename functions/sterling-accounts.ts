import { sterlingAccountOperations } from '#shared/operations/sterling-accounts/operations.js';
import { awsForwardDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

/** Sterling real and virtual accounts: /v1, /v2 and /v3 Accounts. */
export const handler = createOperationHandler(sterlingAccountOperations, awsForwardDependencies);
