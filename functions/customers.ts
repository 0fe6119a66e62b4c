import { customerOperations } from '#shared/operations/customers/operations.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(customerOperations);
await buildAtColdStart(dependencies);

/** Retail customers (create, amend, current address) and protected deposit accounts (/v4/Accounts). */
export const handler = createOperationHandler(customerOperations, dependencies);
