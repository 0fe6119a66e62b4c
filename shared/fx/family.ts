import { fxTable } from './table.js';
import { defineFamily } from '../families/definition.js';
import { FX_QUOTE_READ, FX_TRADE_READ } from './paths.js';
import type { FxStore } from './ports.js';

/**
 * FX: one record per quote the gateway obtained and per trade it follows. Every write is a conditional
 * UpdateItem (quote stored, claimed, released; order trade created; trade moved on a webhook): no put.
 */
export const fxFamily = defineFamily({
  name: 'fx',
  table: fxTable,
  operationFunction: 'fx',
  readerFunction: 'gateway-fx',
  access: {
    operations: [{ table: fxTable, actions: ['GetItem', 'UpdateItem'] }],
    processor: [{ table: fxTable, actions: ['GetItem', 'UpdateItem'] }],
    reader: [{ table: fxTable, actions: ['GetItem'] }],
  },
  publishes: ['operations', 'processor'],
  raisesAttention: ['operations', 'processor'],
  // Its own module: a reader loads the store, none of the tracker.
  store: async () => {
    const { DynamoDbFxStore } = await import('./dynamodb-store.js');
    return (ports): Pick<FxStore, 'getQuote' | 'getTrade'> =>
      new DynamoDbFxStore(ports.dynamo, ports.tableName(fxTable));
  },
  reads: [
    {
      id: 'getFxQuote',
      path: FX_QUOTE_READ,
      param: 'quoteId',
      summary: 'Get an FX quote',
      description:
        "A quote the gateway obtained: the bank's rate, the amounts and margin by the spec's formulas, when its 45-second hold ends, and its execution once claimed.",
      maxLength: 36,
      read: (store, quoteId) => store.getQuote(quoteId),
      notFound: (quoteId) => `No FX quote with id ${quoteId} is known to the gateway.`,
    },
    {
      id: 'getFxTrade',
      path: FX_TRADE_READ,
      param: 'endToEndId',
      summary: 'Get an FX trade',
      description:
        "A trade by its end-to-end id, from an executed quote or an order: its status as the bank's Fx.Trade webhooks moved it, with each change.",
      maxLength: 35,
      read: (store, endToEndId) => store.getTrade(endToEndId),
      notFound: (endToEndId) => `No FX trade with end-to-end id ${endToEndId} is known to the gateway.`,
    },
  ],
  // Apart from the rest of FX: the tracker loads the FX request schemas, which the processor must not carry.
  tracker: async () => (await import('./tracker-wiring.js')).fxTrackerOf,
  hook: async () => (await import('./wiring.js')).fxHookOf,
});
