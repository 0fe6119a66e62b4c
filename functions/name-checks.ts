import { nameCheckOperations } from '../shared/operations/name-checks/operations.js';
import { awsForwardDependencies } from '../shared/runtime/aws-gateway.js';
import { createOperationHandler } from './http/operation-handler.js';

/** Payee name checks (outbound, SRD validate) and the name-check responder settings (opt out, opt in). */
export const handler = createOperationHandler(nameCheckOperations, awsForwardDependencies);
