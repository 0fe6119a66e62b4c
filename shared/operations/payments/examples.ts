import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

const account = { accountId: '0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b' };
const virtualAccount = { ...account, virtualAccountId: '7e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b' };
const transactionId = '1e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b';
const november = {
  pageNumber: '1',
  pageSize: '50',
  startDateTime: '2026-11-01T00:00:00Z',
  endDateTime: '2026-11-30T23:59:59Z',
  paymentMethodType: 'FasterPayments',
};

/** Example requests of the sterling transaction reads and the instant payments, for the OpenAPI document. */
export const paymentExamples = {
  listTransactions: { query: november },
  listAccountTransactions: { pathParams: account, query: november },
  getAccountTransaction: { pathParams: { ...account, transactionId } },
  listVirtualAccountTransactions: { pathParams: virtualAccount, query: november },
  getVirtualAccountTransaction: { pathParams: { ...virtualAccount, transactionId } },
  sendFpsPayments: {
    body: {
      paymentInstructions: [
        {
          debtor: { address: '1 High Street, London' },
          paymentInstructionIdentification: 'PI-20261130-001',
          debtorAccount: { identification: { iban: 'GB33CLRB04000412345678' } },
          creditTransfers: [
            {
              paymentIdentification: {
                instructionIdentification: 'INV-1042',
                endToEndIdentification: 'E2E-20261130-0001',
              },
              amount: { currency: 'GBP', instructedAmount: 125.5 },
              creditor: { name: 'Jane Smith' },
              creditorAccount: {
                identification: { other: { identification: '40400412345678', schemeName: { code: 'BBAN' } } },
              },
              remittanceInformation: {
                structured: { creditorReferenceInformation: { reference: 'Invoice 1042' } },
              },
            },
          ],
        },
      ],
    },
  },
  returnFpsPayment: {
    body: {
      paymentReturnInstruction: { TransactionId: transactionId, ReasonForReturn: 'BeneficiaryAccountClosed' },
    },
  },
  sendFpsSinglePayment: {
    body: {
      paymentInstruction: {
        debtor: {},
        debtorAccount: { identification: { iban: 'GB33CLRB04000412345678' } },
        ultimateDebtor: { name: 'John Brown', address: '2 Mill Lane, Leeds' },
        ultimateDebtorAccount: { identification: { bic: 'NWBKGB2L', accountNumber: '60161331926819' } },
        creditTransfer: {
          paymentIdentification: { endToEndIdentification: 'E2E-20261130-0002' },
          amount: { instructedAmount: 80 },
          creditor: { name: 'Jane Smith' },
          creditorAccount: {
            identification: { other: { identification: '40400412345678', schemeName: { code: 'BBAN' } } },
          },
          remittanceInformation: {
            unstructured: { additionalReferenceInformation: { reference: 'Rent December' } },
          },
        },
      },
    },
  },
} satisfies ExamplesOf<typeof records>;
