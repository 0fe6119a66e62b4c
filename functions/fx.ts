import { fxOperations } from '#shared/operations/fx/operations.js';
import { fxFamily } from '#shared/fx/family.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(fxOperations, [fxFamily]);
await buildAtColdStart(dependencies);

/** FX quotes, their execution and orders, with the FX tracker. */
export const handler = createOperationHandler(fxOperations, dependencies);
