import { fxOperations } from '../shared/operations/fx/operations.js';
import { awsForwardDependencies } from '../shared/runtime/aws-gateway.js';
import { createOperationHandler } from './http/operation-handler.js';

/** FX quotes, their execution and orders. */
export const handler = createOperationHandler(fxOperations, awsForwardDependencies);
