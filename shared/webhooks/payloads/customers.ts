import * as z from 'zod/mini';
import { defineWebhook } from './define.js';
import { requiredActionNames } from './readers.js';

/**
 * The retail customer due-diligence (KYC) webhooks, the answers to `POST
 * /customer-due-diligence/v1/retail/onboard` (`webhooks/kyc-application-successful-v1.mdx`,
 * `kyc-application-declined-v1.mdx`, `kyc-application-pending-v1.mdx` in `clearbank/clearbank.github.io`).
 * Strict: every member the pages mark required, nothing undocumented. (The pages' examples end an object
 * with a trailing comma; the tables are what these records follow.) No personal data: ids, a status, and
 * for more information the actions the customer must take with their upload URLs.
 *
 * An application's webhooks share its `ApplicationId` as their subject, so the processor handles them in the
 * order they came: one or two `AdditionalInfoRequired`, then `ApplicationSuccessful` or `ApplicationDeclined`.
 */

/** The pages' pattern: any 8-4-4-4-12 hex, as the other records read the bank's ids. */
const guid = z.lazy(() => z.guid());

/** `RetailCustomer.ApplicationSuccessful` v1: the checks passed and the bank created the retail customer. */
export const retailCustomerApplicationSuccessfulPayload = z.lazy(() =>
  z.strictObject({
    ApplicationId: guid,
    CustomerId: guid,
    KycStatus: z.literal('Pass'),
  }),
);

/** One per application: the application is its key and its subject. */
export const retailCustomerApplicationSuccessfulWebhook = defineWebhook({
  type: 'RetailCustomer.ApplicationSuccessful',
  versions: { 1: retailCustomerApplicationSuccessfulPayload },
  key: ['ApplicationId'],
  subject: ['ApplicationId'],
});

/** `RetailCustomer.ApplicationDeclined` v1: the checks failed; no customer is created. */
export const retailCustomerApplicationDeclinedPayload = z.lazy(() =>
  z.strictObject({
    ApplicationId: guid,
    KycStatus: z.literal('Fail'),
  }),
);

export const retailCustomerApplicationDeclinedWebhook = defineWebhook({
  type: 'RetailCustomer.ApplicationDeclined',
  versions: { 1: retailCustomerApplicationDeclinedPayload },
  key: ['ApplicationId'],
  subject: ['ApplicationId'],
});

/**
 * `RetailCustomer.AdditionalInfoRequired` v1 (only when the request set `idvEmailsEnabled` false): the
 * customer must upload documents. `action` is text (the page's example: `CustomerIdentificationDocumentUpload`,
 * `CustomerProofOfAddressDocumentUpload`; it lists no enum), `url` a link to share with the customer.
 */
export const retailCustomerAdditionalInfoRequiredPayload = z.lazy(() =>
  z.strictObject({
    ApplicationId: guid,
    KycStatus: z.literal('Pending'),
    RequiredActions: z.array(
      z.strictObject({
        action: z.string().check(z.minLength(1)),
        url: z.string().check(z.minLength(1)),
      }),
    ),
  }),
);

/**
 * Once or twice per application (a passport alone asks again for proof of address): the actions it asks for
 * tell the two apart (their names only: a `url` carries the customer's upload session, and keys are logged).
 */
export const retailCustomerAdditionalInfoRequiredWebhook = defineWebhook({
  type: 'RetailCustomer.AdditionalInfoRequired',
  versions: { 1: retailCustomerAdditionalInfoRequiredPayload },
  key: ['ApplicationId'],
  subject: ['ApplicationId'],
  nestedKey: (payload) => requiredActionNames(payload),
});
