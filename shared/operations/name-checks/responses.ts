import * as z from 'zod/mini';
import { nameCheckReasonCodes } from './reason-codes.js';

/**
 * The bank's documented answers of the name-check operations (`cop-outbound-v1.json`,
 * `cop-accounts-v1.json`, as the reference digest gives them), keyed by operation id; the contract tests hold
 * the simulator to them.
 */
const nullableText = z.optional(z.nullable(z.string()));

export const verificationReport = z.strictObject({
  Matched: z.boolean(),
  Name: nullableText,
  ReasonCode: z.optional(z.nullable(z.enum(nameCheckReasonCodes))),
  ReasonCodeDescription: nullableText,
  MatchedBank: z.string().check(z.minLength(1)),
  ResponseWithinSla: z.optional(z.boolean()),
  LegalOwnerType: nullableText,
  ResponderRegistrationId: nullableText,
});

/** `{Error: {Reason, ParticipantName}}`: the error body of the two outbound operations (422, 424). */
export const nameCheckError = z.strictObject({
  Error: z.strictObject({ Reason: nullableText, ParticipantName: nullableText }),
});

export const nameCheckResponses = {
  verifyPayeeName: z.strictObject({ Data: z.strictObject({ VerificationReport: verificationReport }) }),
  validateSrd: z.strictObject({
    Data: z.strictObject({ Required: z.boolean(), BankName: nullableText, Identification: nullableText }),
  }),
  /** 200, when the account was already opted out and a new reason is recorded; otherwise 204, no body. */
  optOutAccountNameChecks: z.strictObject({ data: z.string(), verificationReport: z.string() }),
  optOutVirtualAccountNameChecks: z.strictObject({ data: z.string(), verificationReport: z.string() }),
} as const;
