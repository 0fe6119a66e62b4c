import { customerV2Operations } from '#shared/operations/customers-v2/operations.js';
import { customerOperations } from '#shared/operations/customers/operations.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const operations = [...customerOperations, ...customerV2Operations];
const dependencies = awsOperationDependencies(operations);
await buildAtColdStart(dependencies);

/**
 * Customers: retail customers v1 and protected deposit accounts (/v4/Accounts); customers v2 (retail, sole
 * traders, legal entities, directors, UBOs, controlling persons, their documents, residencies and related
 * parties); and the retail due-diligence check.
 */
export const handler = createOperationHandler(operations, dependencies);
