import * as z from 'zod/mini';
import { defineWebhook } from './define.js';

/**
 * The sterling account webhooks: their records, and their payloads field for field as the bank's webhook
 * pages (`webhooks/account-created-webhook-v1.mdx` and the virtual account pages) and shared/spec/webhooks.md
 * show them. Strict: an undocumented member fails, and every documented member must be present (null where
 * the bank has no value), so a renamed or dropped field fails the contract tests.
 */

const dateTime = z.lazy(() => z.iso.datetime({ offset: true }));

/** Examples the page lists; the bank may add types, but the simulator sends only these. */
export const ACCOUNT_TYPES = [
  'CurrentAccount',
  'DepositAccount',
  'ControlAccount',
  'SegregatedClientAccount',
  'InstitutionAccount',
] as const;

/** `AccountCreated` v1. `Customers` holds `CustomerId`s (at most 5); the page's example shows one. */
export const accountCreatedPayload = z.lazy(() =>
  z.strictObject({
    AccountId: z.uuid(),
    AccountName: z.string().check(z.maxLength(128)),
    AccountHolderLabel: z.string().check(z.maxLength(100)),
    AccountIdentifiers: z.strictObject({
      IBAN: z.string().check(z.maxLength(34)),
      BBAN: z.string().check(z.maxLength(30)),
    }),
    TimestampCreated: dateTime,
    AccountType: z.enum(ACCOUNT_TYPES),
    // Populated only for cash ISA, hub and savings accounts.
    LegalOwnerType: z.nullable(z.enum(['Personal', 'Business'])),
    RelationshipType: z.nullable(z.enum(['Single', 'Joint'])),
    Customers: z.array(z.strictObject({ CustomerId: z.uuid() })).check(z.maxLength(5)),
  }),
);

export const accountCreatedWebhook = defineWebhook({
  type: 'AccountCreated',
  versions: { 1: accountCreatedPayload },
  key: ['AccountId'],
});

const virtualAccountIdentifier = z.lazy(() =>
  z.strictObject({
    Iban: z.nullable(z.string()),
    Bban: z.nullable(z.string()),
    ExternalIdentifier: z.nullable(z.string()),
  }),
);

/** `VirtualAccountCreated` v3. */
export const virtualAccountCreatedPayload = z.lazy(() =>
  z.strictObject({
    AccountId: z.uuid(),
    VirtualAccountId: z.uuid(),
    AccountIdentifier: virtualAccountIdentifier,
    OwnerName: z.string(),
    TimestampCreated: dateTime,
  }),
);

export const virtualAccountCreatedWebhook = defineWebhook({
  type: 'VirtualAccountCreated',
  versions: { 3: virtualAccountCreatedPayload },
  key: ['VirtualAccountId'],
});

/**
 * Error codes the bank documents for a failed virtual account create (the list is not exhaustive, so the
 * schema takes any PascalCase code; the simulator uses these where they fit).
 */
export const VIRTUAL_ACCOUNT_ERROR_CODES = [
  'AccountIbanSortCode',
  'AccountBbanSortCode',
  'ExternalVirtualAccountIdNotUnique',
  'SortCodeDoesNotBelongToInstitution',
  'AccountModulusFailed',
] as const;

/** `VirtualAccountCreationFailed` v3: `Errors` maps one error code to one message. */
export const virtualAccountCreationFailedPayload = z.lazy(() =>
  z.strictObject({
    AccountId: z.uuid(),
    VirtualAccountId: z.uuid(),
    AccountIdentifier: virtualAccountIdentifier,
    OwnerName: z.string(),
    Errors: z
      .record(z.string().check(z.regex(/^[A-Z][A-Za-z]*$/)), z.string().check(z.minLength(1)))
      .check(z.refine((errors) => Object.keys(errors).length === 1, 'one error code per failed account')),
    Timestamp: dateTime,
  }),
);

export const virtualAccountCreationFailedWebhook = defineWebhook({
  type: 'VirtualAccountCreationFailed',
  versions: { 3: virtualAccountCreationFailedPayload },
  key: ['VirtualAccountId', 'Timestamp'],
});
