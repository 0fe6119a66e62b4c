import { defineFamily } from '../families/definition.js';
import { ACCOUNT_CLOSURE_READ } from './paths.js';
import type { AccountClosureStore } from './ports.js';
import { accountClosuresTable } from './table.js';

/**
 * Account closures: one record per account, claimed by the sterling-accounts function as it forwards
 * `closeAccount` (a conditional put), moved on the bank's answer and by its AccountClosureCompleted /
 * AccountClosureFailed webhooks (conditional puts from the record as claimed or read).
 */
export const accountClosuresFamily = defineFamily({
  name: 'account-closures',
  table: accountClosuresTable,
  operationFunction: 'sterling-accounts',
  readerFunction: 'gateway-account-closures',
  access: {
    operations: [{ table: accountClosuresTable, actions: ['GetItem', 'PutItem'] }],
    processor: [{ table: accountClosuresTable, actions: ['GetItem', 'PutItem'] }],
    reader: [{ table: accountClosuresTable, actions: ['GetItem'] }],
  },
  publishes: ['operations', 'processor'],
  raisesAttention: ['operations', 'processor'],
  // Its own module: a reader loads the store, none of the tracker.
  store: async () => {
    const { DynamoDbAccountClosureStore } = await import('./dynamodb-store.js');
    return (ports): Pick<AccountClosureStore, 'get'> =>
      new DynamoDbAccountClosureStore(ports.dynamo, ports.tableName(accountClosuresTable));
  },
  reads: [
    {
      // Not `getAccountClosure`: that is the bank's GET /v1/accounts/{accountId}/closure.
      id: 'getAccountClosureRecord',
      path: ACCOUNT_CLOSURE_READ,
      param: 'accountId',
      summary: 'Get the closure of an account',
      description:
        "The gateway's record of an account's closure by the bank's account id: the latest closure request (its reason, X-Request-Id and time), its status as the bank's answer and AccountClosure webhooks moved it (Requested, Pending, OutcomeUnknown, Refused, Complete, Failed with the bank's reasons), each change with its time and cause.",
      // The bank's account ids are GUIDs.
      maxLength: 36,
      read: (store, accountId) => store.get(accountId),
      notFound: (accountId) => `No closure of account ${accountId} is known to the gateway.`,
    },
  ],
  tracker: async () => (await import('./wiring.js')).accountClosuresTrackerOf,
  hook: async () => (await import('./wiring.js')).accountClosuresHookOf,
});
