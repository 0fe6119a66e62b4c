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
  method: 'POST',
  path: '/open-banking/outbound/v1/name-verification' as const,
  fn,
  body: nameVerificationRequest,
  // The gateway keeps each outcome by EndToEndIdentification, so a later payment carries it (shared/name-checks).
  tracker: 'name-checks',
} satisfies Operation;

export const validateSrd = {
  id: 'validateSrd',
  method: 'POST',
  path: '/open-banking/outbound/v1/srd/validate' as const,
  fn,
  body: srdValidateRequest,
} satisfies Operation;

export const optOutAccountNameChecks = {
  id: 'optOutAccountNameChecks',
  method: 'PUT',
  path: '/v1/Cop/opt/accounts/{accountId}' as const,
  pathParams: z.lazy(() => z.strictObject({ accountId: bankId('accountId') })),
  fn,
  body: nameCheckSettingBody,
} satisfies Operation;

export const optOutVirtualAccountNameChecks = {
  id: 'optOutVirtualAccountNameChecks',
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
