import { ENV } from '../config/function-environment.js';
import { nameChecksTable } from '../name-checks/table.js';
import { paymentsTable } from './table.js';
import { defineFamily } from '../families/definition.js';
import { PAYMENT_READ } from './paths.js';
import type { PaymentStore } from './ports.js';

/**
 * Payments: one record per end-to-end id, claimed by the payments function as it sends (each claim a
 * conditional put, each transition a conditional put from the record as claimed or read), moved on by the
 * processor as webhooks arrive. Before its claim, a request reads the name checks of all its end-to-end ids
 * in one BatchGetItem; the policy decides what each payment does.
 */
export const paymentsFamily = defineFamily({
  name: 'payments',
  table: paymentsTable,
  operationFunction: 'payments',
  readerFunction: 'gateway-payments',
  access: {
    operations: [
      { table: paymentsTable, actions: ['GetItem', 'PutItem'] },
      { table: nameChecksTable, actions: ['BatchGetItem'] },
    ],
    processor: [{ table: paymentsTable, actions: ['GetItem', 'PutItem'] }],
    reader: [{ table: paymentsTable, actions: ['GetItem'] }],
  },
  publishes: ['operations', 'processor'],
  raisesAttention: ['operations', 'processor'],
  settings: [ENV.nameCheckPolicy, ENV.nameCheckRequireAbove],
  // Its own module: a reader loads the store, none of the tracker.
  store: async () => {
    const { DynamoDbPaymentStore } = await import('./dynamodb-store.js');
    return (ports): Pick<PaymentStore, 'get'> =>
      new DynamoDbPaymentStore(ports.dynamo, ports.tableName(paymentsTable));
  },
  reads: [
    {
      id: 'getPayment',
      path: PAYMENT_READ,
      param: 'endToEndId',
      summary: 'Get a payment the gateway follows',
      description:
        "The gateway's record of a payment (Faster Payments, CHAPS, GBP cross-border) by its end-to-end id (a CHAPS return by its instruction identification): its scheme, its status as the bank's answer and webhooks moved it (a hold included), each change with its time and cause, and the name check made with the same id.",
      maxLength: 35,
      read: (store, endToEndId) => store.get(endToEndId),
      notFound: (endToEndId) => `No payment with end-to-end id ${endToEndId} is known to the gateway.`,
    },
  ],
  tracker: async () => (await import('./wiring.js')).paymentsTrackerOf,
  hook: async () => (await import('./wiring.js')).paymentsHookOf,
});
