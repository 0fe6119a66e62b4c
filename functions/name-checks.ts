import { nameCheckOperations } from '#shared/operations/name-checks/operations.js';
import { nameChecksFamily } from '#shared/name-checks/family.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(nameCheckOperations, [nameChecksFamily]);
await buildAtColdStart(dependencies);

/** Payee name checks (outbound, SRD validate), with the name-check tracker, and the responder settings. */
export const handler = createOperationHandler(nameCheckOperations, dependencies);
