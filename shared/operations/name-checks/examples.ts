import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

const account = { accountId: '0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b' };

/** Example requests of the payee name checks and responder settings, for the OpenAPI document. */
export const nameCheckExamples = {
  verifyPayeeName: {
    body: {
      SchemeName: 'SortCodeAccountNumber',
      LegalOwnerType: 'Personal',
      OwnerName: ',,Jane Smith',
      Identification: '40400412345678',
      EndToEndIdentification: 'E2E-20261130-0001',
    },
  },
  validateSrd: { body: { SchemeName: 'SortCodeAccountNumber', Identification: '40400412345678' } },
  optOutAccountNameChecks: {
    pathParams: account,
    body: { optOut: true, optOutReason: 'Pooled account: payments name the end customer.' },
  },
  optOutVirtualAccountNameChecks: {
    pathParams: { ...account, virtualAccountId: '7e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b' },
    body: { optOut: false },
  },
} satisfies ExamplesOf<typeof records>;
