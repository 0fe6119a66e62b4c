import { testOperations } from '#shared/operations/test.js';
import { awsForwardDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

/** GET and POST /v1/Test. */
export const handler = createOperationHandler(testOperations, awsForwardDependencies);
