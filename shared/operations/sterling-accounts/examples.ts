import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

const account = { accountId: '0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b' };
const virtualAccount = { ...account, virtualAccountId: '7e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b' };
const page = { pageNumber: '1', pageSize: '50' };

/** Example requests of the sterling account operations, for the OpenAPI document. */
export const sterlingAccountExamples = {
  listAccounts: { query: page },
  createAccount: {
    body: {
      accountName: 'Client money',
      owner: { name: 'Acme Trading Ltd' },
      sortCode: '040004',
      usageType: 'ClientMoneyPooled',
    },
  },
  getAccount: { pathParams: account },
  listAccountsV2: { query: page },
  getAccountV2: { pathParams: account },
  amendAccount: {
    pathParams: account,
    body: { status: 'Suspended', statusReason: 'KYCRequired', minimumBalance: 250.5 },
  },
  listVirtualAccounts: { query: page },
  createVirtualAccounts: {
    pathParams: account,
    body: {
      virtualAccounts: [
        { ownerName: 'Jane Doe', accountIdentifier: { externalIdentifier: 'customer-1042' } },
      ],
    },
  },
  listAccountVirtualAccounts: { pathParams: account, query: page },
  getVirtualAccount: { pathParams: virtualAccount },
  amendVirtualAccount: {
    pathParams: virtualAccount,
    body: { ownerName: 'Jane Smith', legalOwnerType: 'Personal', relationshipType: 'Single' },
  },
  disableVirtualAccount: { pathParams: virtualAccount },
} satisfies ExamplesOf<typeof records>;
