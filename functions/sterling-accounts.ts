import { accountClosuresFamily } from '#shared/account-closures/family.js';
import { savingsOperations } from '#shared/operations/savings/operations.js';
import { sterlingAccountOperations } from '#shared/operations/sterling-accounts/operations.js';
import { sterlingExtraOperations } from '#shared/operations/sterling-extras/operations.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const operations = [...sterlingAccountOperations, ...sterlingExtraOperations, ...savingsOperations];
const dependencies = awsOperationDependencies(operations, [accountClosuresFamily]);
await buildAtColdStart(dependencies);

/**
 * Sterling accounts: real and virtual (/v1, /v2, /v3 Accounts), hub, payment and related accounts, end-of-day
 * balances; savings accounts, their nominated account, interest configurations and closure (tracked).
 */
export const handler = createOperationHandler(operations, dependencies);
