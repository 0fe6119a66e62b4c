import { camt053Operations } from '#shared/operations/camt053/operations.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(camt053Operations);
await buildAtColdStart(dependencies);

/** camt.053 statements: the request and the page download. */
export const handler = createOperationHandler(camt053Operations, dependencies);
