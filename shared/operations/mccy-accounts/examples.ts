import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

const account = { accountId: '98efba88-c43e-41c5-9d47-0938f2fe7192' };
const virtualAccount = { virtualAccountId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' };
const page = { pageNumber: '1', pageSize: '50' };
const euroTransactions = {
  PageNumber: '1',
  PageSize: '100',
  StartDateTime: '2026-11-01T00:00:00Z',
  EndDateTime: '2026-11-30T00:00:00Z',
  Currency: 'EUR',
};
/** October 2026: a month that has ended, asked for after the 5th of November. */
const octoberStatement = { year: 2026, month: 10, format: 'csv', currency: 'EUR' };
const suspension = { status: 'Suspended', statusReason: 'KYCRequired', information: 'Awaiting documents' };

/** Example requests of the multi-currency account operations (the reference's example values), for the OpenAPI document. */
export const mccyAccountExamples = {
  createMccyAccount: {
    body: {
      label: 'Mid tier asset funds',
      owner: 'Eco Bank',
      kind: 'GeneralSegregated',
      currencies: ['EUR', 'USD'],
      bankIdentifierCode: 'CLRBGB99',
      routingCode: '010203',
    },
  },
  listMccyAccounts: { query: page },
  getMccyAccount: { pathParams: account },
  amendMccyAccount: { pathParams: account, body: { label: 'Low tier asset funds', owner: 'Eco Bank' } },
  setMccyAccountStatus: { pathParams: account, body: suspension },
  addMccyAccountCurrency: { pathParams: account, body: { currency: 'CHF' } },
  getMccyAccountBalances: { pathParams: account },
  closeMccyAccount: { pathParams: account, query: { accountCloseReason: 'NoLongerNeeded' } },
  createMccyVirtualAccount: {
    body: {
      accountId: account.accountId,
      virtualAccount: {
        owner: 'Jane Doe',
        identifiers: [{ identifier: 'client-1042', kind: 'ClientReference' }],
      },
    },
  },
  getMccyVirtualAccount: { pathParams: virtualAccount },
  amendMccyVirtualAccount: { pathParams: virtualAccount, body: { owner: 'Jane Smith' } },
  setMccyVirtualAccountStatus: { pathParams: virtualAccount, body: suspension },
  closeMccyVirtualAccount: { pathParams: virtualAccount, query: { accountCloseReason: 'NoLongerNeeded' } },
  listMccyAccountTransactions: { pathParams: account, query: euroTransactions },
  listMccyVirtualAccountTransactions: { pathParams: virtualAccount, query: euroTransactions },
  getMccyTransaction: { pathParams: { transactionId: '190e5d1d-7016-4efe-9988-3ebfecb21192' } },
  requestMccyInstitutionStatement: { body: octoberStatement },
  requestMccyAccountStatement: { pathParams: { iban: 'DE89370400440532013000' }, body: octoberStatement },
  createMccyInternalTransfer: {
    body: {
      debitAccountIban: 'DE89370400440532013000',
      creditAccountIban: 'GB82WEST12345698765432',
      instructedAmount: 100.5,
      instructedCurrency: 'EUR',
      endToEndId: 'E2E-20261130-0003',
      reference: 'Move funds',
    },
  },
  simulateMccyInboundPayment: {
    pathParams: { accountUniqueId: account.accountId },
    body: {
      instructedCurrency: 'EUR',
      instructedAmount: 250,
      reference: 'Funding',
      endToEndId: 'E2E123',
      ultimateCreditor: { iban: 'DE89370400440532013000', name: 'Eco Bank', address: '1 High Street' },
      ultimateDebtor: { identifier: 'FR7630006000011234567890189', name: 'Payer', address: 'Paris' },
    },
  },
} satisfies ExamplesOf<typeof records>;
