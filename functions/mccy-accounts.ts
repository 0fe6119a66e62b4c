import { mccyAccountOperations } from '#shared/operations/mccy-accounts/operations.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(mccyAccountOperations);
await buildAtColdStart(dependencies);

/** Multi-currency accounts and virtual accounts, their transactions and statements, internal transfers and the simulated inbound payment. */
export const handler = createOperationHandler(mccyAccountOperations, dependencies);
