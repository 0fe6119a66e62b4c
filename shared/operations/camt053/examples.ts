import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

/** Example requests of camt.053 statements, for the OpenAPI document: a UK winter day (GMT = UTC). */
export const camt053Examples = {
  requestCamt053Statement: {
    body: { startDateTimeUtc: '2026-11-26T00:00:00Z', endDateTimeUtc: '2026-11-27T00:00:00Z' },
  },
  getCamt053StatementPage: {
    pathParams: { messageId: 'CAMT053_20261127_04595900_a1B2c3D4' },
    query: { pageNumber: '1' },
  },
} satisfies ExamplesOf<typeof records>;
