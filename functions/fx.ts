import { fxOperations } from '#shared/operations/fx/operations.js';
import { awsFxForwardDependencies } from '#shared/runtime/root-fx.js';
import { createOperationHandler } from './http/operation-handler.js';

/** FX quotes, their execution and orders, with the FX tracker. */
export const handler = createOperationHandler(fxOperations, awsFxForwardDependencies);
