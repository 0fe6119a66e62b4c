import { nameCheckOperations } from '#shared/operations/name-checks/operations.js';
import { awsNameChecksForwardDependencies } from '#shared/runtime/root-name-checks.js';
import { createOperationHandler } from './http/operation-handler.js';

/** Payee name checks (outbound, SRD validate), with the name-check tracker, and the responder settings. */
export const handler = createOperationHandler(nameCheckOperations, awsNameChecksForwardDependencies);
