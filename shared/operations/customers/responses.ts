import * as z from 'zod/mini';

/**
 * The bank's success answers for retail customers and protected deposit accounts, written from its published
 * reference (`retail.json`, `sterling-v4.json`; see shared/spec/reference-digest.md). Strict: an undocumented
 * member fails. The account's optional members are required here because the bank sends them on a create.
 * The amend (204) and the address replace (201) answer with no body.
 */

const currencyCode = z.string().check(z.regex(/^[A-Z]{3}$/));

/** `POST /v4/Accounts` answers the account flat, with no `account` wrapper and no links. */
export const protectedDepositAccount = z.strictObject({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  label: z.string(),
  type: z.literal('CACC'),
  currency: z.array(currencyCode),
  balances: z.array(
    z.strictObject({
      name: z.string(),
      amount: z.number(),
      currency: currencyCode,
      status: z.enum(['CLBD', 'XPCD', 'OTHR', 'VALU']),
    }),
  ),
  productId: z.uuid(),
  customerId: z.uuid(),
  minimumBalance: z.number(),
  iban: z.string(),
  bban: z.string(),
  upic: z.string(),
  cuid: z.string(),
});

/** Answer schemas by operation id (shared/operations/customers/operations.ts). */
export const customerResponses = {
  createRetailCustomer: z.strictObject({ id: z.uuid() }),
  createProtectedDepositAccount: protectedDepositAccount,
} as const;
