import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

const batchId = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

/** Example requests of the multi-currency payments, for the OpenAPI document. */
export const mccyPaymentExamples = {
  createMccyPayments: {
    body: {
      batchId,
      currencyCode: 'EUR',
      transactions: [
        {
          endToEndId: 'E2E-20261130-0004',
          reference: 'Invoice 42',
          amount: 100.55,
          creditor: {
            name: 'Hans Muster',
            address: {
              addressLine1: 'Hauptstrasse 1',
              addressLine2: 'Berlin',
              postCode: '10115',
              country: 'DE',
            },
            iban: 'DE89370400440532013000',
          },
          debtorName: 'Acme Ltd',
          debtorAddress: {
            addressLine1: '1 High Street',
            addressLine2: 'London',
            postCode: 'EC1A 1BB',
            country: 'GB',
          },
          accountIdentifier: { kind: 'AccountId', identifier: '50daac8a-72c3-4ae5-a6e3-e71b6187dbef' },
          debtorAccountCurrency: 'EUR',
        },
      ],
    },
  },
  cancelMccyBatch: { pathParams: { batchId } },
  cancelMccyTransaction: { pathParams: { batchId, endToEndId: 'E2E-20261130-0004' } },
} satisfies ExamplesOf<typeof records>;
