import { awsForwardDependencies } from '../shared/runtime/aws-gateway.js';
import { createOperationHandler } from './http/operation-handler.js';

/** GET and POST /v1/Test. */
export const handler = createOperationHandler('test-operations', awsForwardDependencies);
