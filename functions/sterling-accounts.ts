import { sterlingAccountOperations } from '#shared/operations/sterling-accounts/operations.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(sterlingAccountOperations);
await buildAtColdStart(dependencies);

/** Sterling real and virtual accounts: /v1, /v2 and /v3 Accounts. */
export const handler = createOperationHandler(sterlingAccountOperations, dependencies);
