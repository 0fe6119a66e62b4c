import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

/** One owner's EUR and USD accounts: FX trades are between accounts of the same owner. */
const customerInformation = {
  sellAccount: { owner: 'Acme Ltd', iban: 'GB33CLRB04040412345678' },
  buyAccount: { owner: 'Acme Ltd', iban: 'GB94CLRB04040487654321' },
  attestation: 'Y',
};

/** Example requests of the FX operations (a weekday morning, inside the booking hours), for the OpenAPI document. */
export const fxExamples = {
  createFxQuote: {
    body: {
      valueDate: '2026-11-30T00:00:00Z',
      instructedAmount: 10000,
      fixedSide: 'sell',
      sellCurrency: 'EUR',
      buyCurrency: 'USD',
      margin: 0.0025,
    },
  },
  executeFxQuote: { body: { quoteId: '3f1d2c4b-5a6e-4f70-8b9c-0d1e2f3a4b5c', customerInformation } },
  createFxOrder: {
    body: {
      customerInformation,
      tradeInformation: {
        valueDate: '2026-12-01T00:00:00Z',
        details: { instructedAmount: 2500, fixedSide: 'buy', sellCurrency: 'EUR', buyCurrency: 'USD' },
        margin: { amount: 0.0025, account: { owner: 'Acme Ltd', iban: 'GB33CLRB04040400000001' } },
        endToEndId: 'FX-20261130-0001',
      },
    },
  },
} satisfies ExamplesOf<typeof records>;
