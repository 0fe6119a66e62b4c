import * as z from 'zod/mini';
import { boundedText } from '#shared/domain/text-rules.js';

/**
 * Spec part 1, "Payee name checks (outbound)" and "Name-check responder settings". The outbound bodies'
 * rules live in `shared/domain/name-check-rules.ts` (re-exported here); the opt-out body is below.
 */
export { nameVerificationRequest, srdValidateRequest } from '#shared/domain/name-check-rules.js';

export const NAME_CHECK_SETTING_MESSAGES = {
  optOut: 'optOut must be true or false.',
  optOutReason: 'optOutReason must be at most 200 characters long.',
  optOutReasonRequired: 'optOutReason is required to opt out (1 to 200 characters).',
} as const;

/**
 * The body of PUT /v1/Cop/opt/accounts/{accountId} (and its virtual form): `optOut` required (the
 * reference; the spec's "default false" reads as what the bank assumes, not as optional), `optOutReason`
 * at most 200 and required, not blank, when opting out; opting back in needs no reason.
 */
export const nameCheckSettingBody = z.lazy(() =>
  z
    .strictObject({
      optOut: z.boolean({ error: NAME_CHECK_SETTING_MESSAGES.optOut }),
      optOutReason: z.optional(
        z.nullable(boundedText({ max: 200 }, NAME_CHECK_SETTING_MESSAGES.optOutReason)),
      ),
    })
    .check(
      z.refine((body) => !body.optOut || (body.optOutReason ?? '').trim() !== '', {
        message: NAME_CHECK_SETTING_MESSAGES.optOutReasonRequired,
        path: ['optOutReason'],
        // Checked whatever else is wrong with the body, once optOut is true and the reason is not too long.
        when: ({ value }) => {
          if (typeof value !== 'object' || value === null) return false;
          const body = value as { optOut?: unknown; optOutReason?: unknown };
          return (
            body.optOut === true &&
            (body.optOutReason === undefined ||
              body.optOutReason === null ||
              (typeof body.optOutReason === 'string' && body.optOutReason.length <= 200))
          );
        },
      }),
    ),
);
export type NameCheckSettingBody = z.output<typeof nameCheckSettingBody>;
