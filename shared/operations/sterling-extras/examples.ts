import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

const account = { accountId: '232d0a3c-0933-4894-9fbc-230cf183c7ed' };
const related = { ...account, iban: 'GB77CBUK40231512245674' };
const customers = [{ customerId: '5b9beca1-d9a8-40d0-bd65-0747d5959cff' }];

/** Example requests of the end-of-day balance, hub, payment and related account operations. */
export const sterlingExtraExamples = {
  getEndOfDayBalance: { pathParams: account, query: { date: '2026-01-20', timeZone: 'Europe/London' } },
  createHubAccount: {
    body: {
      ownerName: 'John Smith',
      sortCode: '040004',
      productId: '74b00ccf-c4ad-470c-ac29-ce57cb658527',
      customers,
      interestConfigurationId: 'd20b2c84-6c9e-4ebb-84ad-be9d5be97188',
    },
  },
  createPaymentAccount: {
    body: {
      ownerName: 'John Smith',
      sortCode: '040004',
      accountSubType: 'CurrentAccount',
      productId: 'b391203e-2074-5220-b7ac-ff9320b15bdd',
      customers,
    },
  },
  listRelatedAccounts: { pathParams: account },
  addRelatedAccount: {
    pathParams: account,
    body: {
      relatedAccountType: 'Nominated',
      identifier: 'GB77CBUK40231512245674',
      identifierKind: 'IBAN',
      ownerName: 'John Smith',
    },
  },
  amendRelatedAccount: { pathParams: related, body: { ownerName: 'John A Smith' } },
  removeRelatedAccount: { pathParams: related },
} satisfies ExamplesOf<typeof records>;
