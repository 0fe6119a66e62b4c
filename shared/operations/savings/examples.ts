import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

const account = { accountId: '232d0a3c-0933-4894-9fbc-230cf183c7ed' };
const product = {
  ownerName: 'John and Jane Smith',
  sortCode: '040004',
  productId: '1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d',
  interestConfigurationId: '1234abcd-5678-9ef0-1234-56789abcdef0',
};

/** Example requests of the savings account, closure, nominated account and interest configuration operations. */
export const savingsExamples = {
  createSavingsAccountV1: {
    body: { ...product, ownerName: 'John Smith', customerId: '0f1e2d3c-4b5a-6c7d-8e9f-0a1b2c3d4e5f' },
  },
  createSavingsAccount: {
    body: {
      ...product,
      customers: [
        { customerId: '0f1e2d3c-4b5a-6c7d-8e9f-0a1b2c3d4e5f' },
        { customerId: 'abcdef12-3456-7890-1234-56789abcdef0' },
      ],
    },
  },
  getAccountClosure: { pathParams: account },
  closeAccount: { pathParams: account, body: { closureReason: 'AccountSwitched' } },
  getNominatedAccount: { pathParams: account },
  setNominatedAccount: {
    pathParams: account,
    body: { identifier: 'GB29NWBK60161331926819', identifierKind: 'IBAN', ownerName: 'John Smith' },
  },
  getAccountInterestConfigurations: { pathParams: account },
  setAccountInterestConfiguration: {
    pathParams: account,
    body: { interestConfigurationId: 'a7a907c5-7062-4d76-8e6c-3b203a758839' },
  },
  setFutureInterestConfigurations: {
    pathParams: account,
    // Dates well after the sandbox clock's: an example must pass at any time it is checked.
    body: {
      interestConfigurations: [
        { interestConfigurationId: 'a7a907c5-7062-4d76-8e6c-3b203a758839', effectiveFrom: '2099-10-01' },
        { interestConfigurationId: '1234abcd-5678-9ef0-1234-56789abcdef0', effectiveFrom: '2099-11-01' },
      ],
    },
  },
  deleteFutureInterestConfigurations: { pathParams: account },
  getInterestConfiguration: {
    pathParams: { interestConfigurationId: 'a7a907c5-7062-4d76-8e6c-3b203a758839' },
    query: { effectiveAt: '2025-08-18T00:00:00Z' },
  },
} satisfies ExamplesOf<typeof records>;
