import * as z from 'zod/mini';
import { FPS_RESPONSES, SINGLE_PAYMENT_RESPONSES } from './schemas.js';

/**
 * The bank's documented success answers of the payments domain (reference-digest.md, from `sterling-v2.json`,
 * `fps-initiate-payment-v3.json`, `fps-poo-v2.json`), keyed by operation id. Strict: a missing or renamed
 * documented member fails, as does an undocumented one.
 */

const halLink = z.strictObject({ name: z.string(), href: z.string(), templated: z.optional(z.boolean()) });
const ultimateAccount = z.strictObject({
  id: z.string(),
  iban: z.optional(z.string()),
  bban: z.optional(z.string()),
  upic: z.optional(z.string()),
  cuid: z.optional(z.string()),
});

export const paymentSummary = z.strictObject({
  amount: z.strictObject({ instructedAmount: z.number(), currency: z.string().check(z.regex(/^[A-Z]{3}$/)) }),
  counterpartAccount: z.strictObject({
    identification: z.strictObject({
      iban: z.optional(z.string()),
      accountName: z.optional(z.string()),
      accountHolderName: z.optional(z.string()),
      sortCode: z.optional(z.string()),
      accountNumber: z.optional(z.string()),
      reference: z.optional(z.string()),
      other: z.optional(
        z.strictObject({
          identification: z.optional(z.string().check(z.maxLength(255))),
          schemeName: z.optional(
            z.strictObject({
              code: z.optional(z.enum(['BBAN', 'CUID', 'UPIC'])),
              proprietary: z.optional(z.string().check(z.minLength(1), z.maxLength(35))),
            }),
          ),
          issuer: z.optional(z.string().check(z.maxLength(35))),
        }),
      ),
    }),
  }),
  debitCreditCode: z.enum(['CRDT', 'DBIT']),
  endToEndIdentifier: z.string(),
  transactionId: z.string(),
  transactionReference: z.string(),
  transactionTime: z.iso.datetime({ offset: true }),
  status: z.enum(['ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'PART', 'PDNG', 'RCVD', 'RJCT']),
  ultimateBeneficiaryAccount: z.optional(ultimateAccount),
  ultimateRemitterAccount: z.optional(ultimateAccount),
});

const transactionList = z.strictObject({
  transactions: z.array(paymentSummary),
  halLinks: z.optional(z.array(halLink)),
});
const oneTransaction = z.strictObject({
  transaction: paymentSummary,
  halLinks: z.optional(z.array(halLink)),
});

export const paymentResponses = {
  listTransactions: transactionList,
  listAccountTransactions: transactionList,
  getAccountTransaction: oneTransaction,
  listVirtualAccountTransactions: transactionList,
  getVirtualAccountTransaction: oneTransaction,
  sendFpsPayments: z.strictObject({
    transactions: z.nullable(
      z.array(z.strictObject({ endToEndIdentification: z.string(), response: z.enum(FPS_RESPONSES) })),
    ),
    halLinks: z.nullable(z.array(halLink)),
  }),
  // returnFpsPayment: 202 without a body.
  sendFpsSinglePayment: z.strictObject({
    transaction: z.nullable(
      z.strictObject({ endToEndIdentification: z.string(), response: z.enum(SINGLE_PAYMENT_RESPONSES) }),
    ),
    halLinks: z.nullable(z.array(halLink)),
  }),
} as const;
