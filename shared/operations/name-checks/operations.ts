import * as z from 'zod/mini';
import type { Operation } from '../operation.js';
import { bankId } from '../path-params.js';
import { nameCheckSettingBody, nameVerificationRequest, srdValidateRequest } from './schemas.js';

/**
 * Spec part 1, "Payee name checks (outbound)" and "Name-check responder settings", one function. A check
 * changes nothing at the bank, so none requires an Idempotency-Key.
 */
const fn = 'name-checks';

export const verifyPayeeName = {
  id: 'verifyPayeeName',
  summary: 'Check a payee name',
  description:
    "Asks the payee's bank whether the name matches the account (Confirmation of Payee): a match, a close match with the account's name, or no match.",
  method: 'POST',
  path: '/open-banking/outbound/v1/name-verification' as const,
  fn,
  body: nameVerificationRequest,
  // The gateway keeps each outcome by EndToEndIdentification, so a later payment carries it (shared/name-checks).
  tracker: 'name-checks',
} satisfies Operation;

export const validateSrd = {
  id: 'validateSrd',
  summary: 'Check whether an account needs a secondary reference',
  description:
    'Asks whether a sort code and account number need secondary reference data (a roll number) for a name check.',
  method: 'POST',
  path: '/open-banking/outbound/v1/srd/validate' as const,
  fn,
  body: srdValidateRequest,
} satisfies Operation;

export const optOutAccountNameChecks = {
  id: 'optOutAccountNameChecks',
  summary: 'Opt a sterling account out of name checks',
  description:
    'Sets whether the bank answers name checks made against a real account, with the reason for opting out.',
  method: 'PUT',
  path: '/v1/Cop/opt/accounts/{accountId}' as const,
  pathParams: z.lazy(() => z.strictObject({ accountId: bankId('accountId') })),
  fn,
  body: nameCheckSettingBody,
} satisfies Operation;

export const optOutVirtualAccountNameChecks = {
  id: 'optOutVirtualAccountNameChecks',
  summary: 'Opt a virtual account out of name checks',
  description:
    'Sets whether the bank answers name checks made against a virtual account, with the reason for opting out.',
  method: 'PUT',
  path: '/v1/Cop/opt/accounts/{accountId}/virtual/{virtualAccountId}' as const,
  pathParams: z.lazy(() =>
    z.strictObject({
      accountId: bankId('accountId'),
      virtualAccountId: bankId('virtualAccountId'),
    }),
  ),
  fn,
  body: nameCheckSettingBody,
} satisfies Operation;

export const nameCheckOperations: readonly Operation[] = [
  verifyPayeeName,
  validateSrd,
  optOutAccountNameChecks,
  optOutVirtualAccountNameChecks,
];
