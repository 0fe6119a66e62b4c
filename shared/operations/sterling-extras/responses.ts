import * as z from 'zod/mini';
import { halLink } from '../sterling-accounts/responses.js';

/**
 * The bank's success answers for the end-of-day balance (`gbp-end-of-day-balance-v1.json`), hub and payment
 * accounts and related accounts (`sterling-v1.json`). Strict: an undocumented member fails. Members the bank
 * always sends are required; `interestConfigurationId` only when the hub account has one, and a related
 * account's identifiers only those the bank knows (a SCAN gives no IBAN). The contract tests
 * (test/contract/) hold the simulator to these.
 */

const dateTime = z.iso.datetime({ offset: true });
const halLinks = z.array(halLink);
const text = z.string().check(z.minLength(1));

const endOfDayBalance = z.strictObject({
  endOfDayBalance: z.strictObject({ amount: z.number(), balanceAsOf: dateTime }),
  halLinks: z.nullable(halLinks),
});

const customers = z.array(z.strictObject({ customerId: z.uuid() }));

export const hubAccount = z.strictObject({
  accountId: z.uuid(),
  productId: z.uuid(),
  customers,
  interestConfigurationId: z.optional(z.uuid()),
  accountName: z.string(),
  ownerName: z.string(),
  iban: z.string(),
  bban: z.string(),
  createdDateTime: dateTime,
});

export const paymentAccount = z.strictObject({
  accountId: z.uuid(),
  productId: z.uuid(),
  customers,
  accountName: text,
  ownerName: text,
  iban: text,
  bban: text,
  createdDateTime: dateTime,
});

export const relatedAccount = z.strictObject({
  relatedAccountType: text,
  ownerName: text,
  identifiers: z.strictObject({
    iban: z.optional(z.string()),
    bban: z.optional(z.string()),
    scan: z.optional(z.string()),
  }),
  createdDateTime: dateTime,
  modifiedDateTime: dateTime,
});

/** Answer schemas by operation id (shared/operations/sterling-extras/operations.ts); 204s have none. */
export const sterlingExtraResponses = {
  getEndOfDayBalance: endOfDayBalance,
  createHubAccount: z.strictObject({ account: hubAccount, halLinks }),
  createPaymentAccount: z.strictObject({ account: paymentAccount, halLinks }),
  listRelatedAccounts: z.strictObject({
    account: z.strictObject({ accountId: z.uuid(), relatedAccounts: z.array(relatedAccount) }),
    halLinks,
  }),
  addRelatedAccount: z.strictObject({
    account: z.strictObject({ accountId: z.uuid(), relatedAccount }),
    halLinks,
  }),
  amendRelatedAccount: z.strictObject({ accountId: z.uuid(), relatedAccounts: z.array(relatedAccount) }),
} as const;
