import { ENV } from '../config/function-environment.js';
import { nameChecksTable } from './table.js';
import { defineFamily } from '../families/definition.js';
import type { NameCheckStore } from './ports.js';
import { liveCheck, NAME_CHECK_READ } from './outcome.js';

/**
 * Payee name checks: one record per check that named an end-to-end id, one unconditional put per check (the
 * latest check of an id wins), kept `NAME_CHECK_TTL_HOURS`; payments read them (see the payments family).
 */
export const nameChecksFamily = defineFamily({
  name: 'name-checks',
  table: nameChecksTable,
  operationFunction: 'name-checks',
  readerFunction: 'gateway-name-checks',
  access: {
    operations: [{ table: nameChecksTable, actions: ['PutItem'] }],
    reader: [{ table: nameChecksTable, actions: ['GetItem'] }],
  },
  publishes: [],
  raisesAttention: [],
  settings: [ENV.nameCheckTtlHours],
  // Its own module: a reader loads the store, none of the tracker.
  store: async () => {
    const { DynamoDbNameCheckStore } = await import('./dynamodb-store.js');
    return (ports): Pick<NameCheckStore, 'get'> =>
      new DynamoDbNameCheckStore(ports.dynamo, ports.tableName(nameChecksTable));
  },
  reads: [
    {
      id: 'getNameCheck',
      path: NAME_CHECK_READ,
      param: 'endToEndId',
      summary: 'Get a payee name check',
      description:
        'The outcome of a payee name check by its end-to-end id, kept until it expires: a payment sent with the same end-to-end id carries it.',
      // A name check's end-to-end id may be up to 140 characters (cop-outbound-v1.json).
      maxLength: 140,
      read: async (store, endToEndId, now) => {
        const record = liveCheck(await store.get(endToEndId), now);
        return record && { ...record, expiresAt: new Date(record.expiresAt * 1000).toISOString() };
      },
      notFound: (endToEndId) =>
        `No name check with end-to-end id ${endToEndId} is known to the gateway (or it has expired).`,
    },
  ],
  tracker: async () => (await import('./wiring.js')).nameChecksTrackerOf,
});
