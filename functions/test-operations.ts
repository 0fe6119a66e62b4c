import { testOperations } from '#shared/operations/test.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(testOperations);
await buildAtColdStart(dependencies);

/** GET and POST /v1/Test. */
export const handler = createOperationHandler(testOperations, dependencies);
