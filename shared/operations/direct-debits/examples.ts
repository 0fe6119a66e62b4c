import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

const account = { accountId: '0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b' };
const virtualAccount = { ...account, virtualAccountId: '7e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b' };
const mandateId = '086ab6ec-ab78-2432-12a1-3c273d81d961';
const page = { pageNumber: '1', pageSize: '50' };
const sortCodeItems = {
  pathParams: { sortCode: '040004' },
  query: { ...page, sun: '030201', processingDateFrom: '2026-11-01', processingDateTo: '2026-11-30' },
};
const november = { ...page, startDate: '2026-11-01', endDate: '2026-11-30' };
/** The reference's example instruction (`bacs-mandate-initiated-webhook-v2.mdx`). */
const instruction = {
  serviceUserNumber: '030201',
  originatorName: 'Q-MOBILE',
  reference: 'MBQZRTF12345',
  payerName: 'MARY BROWN',
  counterpartAccount: {
    identification: { other: { identification: '00220043211234', schemeName: { code: 'BBAN' } } },
  },
  mandateType: 'PaperMandate',
};
const amendment = {
  reasonCode: 'E',
  newDebtorAccount: { identification: { iban: 'GB33CLRB04000412345678' } },
};

const itemReturns = { returns: [{ transactionId: 'd61b2513-f586-43da-8b72-4f6ba2e28fea', reasonCode: '3' }] };

/** Example requests of the direct debit operations, for the OpenAPI document. */
export const directDebitExamples = {
  listUnappliedDirectCredits: sortCodeItems,
  listUnpaidDirectDebits: sortCodeItems,
  listAccountUnpaidDirectDebits: { pathParams: account, query: november },
  listVirtualAccountUnpaidDirectDebits: { pathParams: virtualAccount, query: november },
  listMandateCollections: { pathParams: { ...account, mandateId }, query: november },
  listVirtualMandateCollections: { pathParams: { ...virtualAccount, mandateId }, query: november },
  createMandate: { pathParams: account, body: instruction },
  listMandates: { pathParams: account, query: page },
  amendMandate: { pathParams: { ...account, mandateId }, body: amendment },
  returnMandate: { pathParams: { ...account, mandateId }, body: { rejectionReason: '1' } },
  cancelMandate: { pathParams: { ...account, mandateId }, body: { reasonCode: '1' } },
  createVirtualMandate: { pathParams: virtualAccount, body: instruction },
  listVirtualMandates: { pathParams: virtualAccount, query: page },
  amendVirtualMandate: { pathParams: { ...virtualAccount, mandateId }, body: amendment },
  returnVirtualMandate: { pathParams: { ...virtualAccount, mandateId }, body: { rejectionReason: '1' } },
  cancelVirtualMandate: { pathParams: { ...virtualAccount, mandateId }, body: { reasonCode: '1' } },
  returnTransactions: { pathParams: account, body: itemReturns },
  returnVirtualTransactions: { pathParams: virtualAccount, body: itemReturns },
} satisfies ExamplesOf<typeof records>;
