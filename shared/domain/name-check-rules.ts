import * as z from 'zod/mini';
import { FieldRuleError } from './errors.js';
import { boundedText } from './text-rules.js';

/** Payee name checks (PascalCase bodies that reject unknown properties): the spec's request field rules as zod schemas with their messages, for the gateway and the simulator. */

export const NAME_CHECK_MESSAGES = {
  sortCode: 'Sort code must be exactly 6 digits.',
  accountNumber: 'Account number must be 1 to 8 digits.',
  nameCheckIdentification:
    'Identification must be the 6-digit sort code followed by the account number padded to 8 digits (14 digits).',
  schemeName: 'SchemeName must be SortCodeAccountNumber.',
  legalOwnerType: 'LegalOwnerType must be Personal or Business.',
  ownerNameLength: 'OwnerName must be 1 to 140 characters long.',
  ownerNameForm: 'OwnerName must be ",,<full name>" or "<salutation>, <forename(s)>, <surname>".',
  ownerNameStructuredPersonalOnly:
    'OwnerName in the structured form "<salutation>, <forename(s)>, <surname>" is valid for personal accounts only; use ",,<full name>".',
  secondaryIdentification: 'SecondaryIdentification must be at most 140 characters long.',
  endToEndIdentification: 'EndToEndIdentification must be at most 140 characters long.',
} as const;

export const nameCheckIdentification = z.lazy(() =>
  z
    .string({ error: NAME_CHECK_MESSAGES.nameCheckIdentification })
    .check(z.regex(/^\d{14}$/, NAME_CHECK_MESSAGES.nameCheckIdentification)),
);

/** Identification from a sort code and an account number of up to 8 digits, left-padded with zeros to 8. */
export function toNameCheckIdentification(sortCode: string, accountNumber: string): string {
  if (typeof sortCode !== 'string' || !/^\d{6}$/.test(sortCode)) {
    throw new FieldRuleError('sortCode', 'sort-code-format', NAME_CHECK_MESSAGES.sortCode);
  }
  if (typeof accountNumber !== 'string' || !/^\d{1,8}$/.test(accountNumber)) {
    throw new FieldRuleError('accountNumber', 'account-number-format', NAME_CHECK_MESSAGES.accountNumber);
  }
  return sortCode + accountNumber.padStart(8, '0');
}

export type LegalOwnerType = 'Personal' | 'Business';
export const legalOwnerType = z.lazy(() =>
  z.enum(['Personal', 'Business'], { error: NAME_CHECK_MESSAGES.legalOwnerType }),
);

export type OwnerName =
  | { form: 'unstructured'; fullName: string }
  | { form: 'structured'; salutation: string; forenames: string; surname: string };

/**
 * The two OwnerName forms: unstructured `,,<full name>` (any account) and structured
 * `<salutation>, <forename(s)>, <surname>` (personal accounts only). Exactly three comma-separated parts, so
 * the full name cannot itself hold a comma; the salutation may be empty, forenames and surname may not.
 */
export function parseOwnerName(value: unknown, owner: LegalOwnerType, field = 'OwnerName'): OwnerName {
  if (typeof value !== 'string' || value.length < 1 || value.length > 140) {
    throw new FieldRuleError(field, 'owner-name-length', NAME_CHECK_MESSAGES.ownerNameLength);
  }
  const parts = value.split(',');
  if (parts.length !== 3)
    throw new FieldRuleError(field, 'owner-name-form', NAME_CHECK_MESSAGES.ownerNameForm);
  const [salutation = '', forenames = '', surname = ''] = parts;
  if (salutation === '' && forenames === '') {
    if (surname.trim() === '')
      throw new FieldRuleError(field, 'owner-name-form', NAME_CHECK_MESSAGES.ownerNameForm);
    return { form: 'unstructured', fullName: surname.trim() };
  }
  if (forenames.trim() === '' || surname.trim() === '') {
    throw new FieldRuleError(field, 'owner-name-form', NAME_CHECK_MESSAGES.ownerNameForm);
  }
  if (owner !== 'Personal') {
    throw new FieldRuleError(
      field,
      'owner-name-structured-personal-only',
      NAME_CHECK_MESSAGES.ownerNameStructuredPersonalOnly,
    );
  }
  return {
    form: 'structured',
    salutation: salutation.trim(),
    forenames: forenames.trim(),
    surname: surname.trim(),
  };
}

/** OwnerName for an account of the given legal owner type. */
export function ownerNameForNameCheck(owner: LegalOwnerType) {
  return z.string({ error: NAME_CHECK_MESSAGES.ownerNameLength }).check(
    z.superRefine((value, ctx) => {
      try {
        parseOwnerName(value, owner);
      } catch (error) {
        if (!(error instanceof FieldRuleError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
      }
    }),
  );
}

const schemeName = z.lazy(() =>
  z.literal('SortCodeAccountNumber', { error: NAME_CHECK_MESSAGES.schemeName }),
);

/** The body of POST /open-banking/outbound/v1/name-verification. */
export const nameVerificationRequest = z.lazy(() =>
  z
    .strictObject({
      SchemeName: schemeName,
      LegalOwnerType: legalOwnerType,
      // Either form here; the body-level rule below refuses the structured form for business accounts.
      OwnerName: ownerNameForNameCheck('Personal'),
      Identification: nameCheckIdentification,
      // Both nullable in the reference (`cop-outbound-v1.json`): null is accepted like an absent member.
      SecondaryIdentification: z.optional(
        z.nullable(boundedText({ max: 140 }, NAME_CHECK_MESSAGES.secondaryIdentification)),
      ),
      EndToEndIdentification: z.optional(
        z.nullable(boundedText({ max: 140 }, NAME_CHECK_MESSAGES.endToEndIdentification)),
      ),
    })
    .check(
      z.refine((body) => parseOwnerName(body.OwnerName, 'Personal').form === 'unstructured', {
        message: NAME_CHECK_MESSAGES.ownerNameStructuredPersonalOnly,
        path: ['OwnerName'],
        // Checked whatever else is wrong with the body, as long as these two members are themselves valid.
        when: ({ value }) => {
          if (typeof value !== 'object' || value === null) return false;
          const body = value as { LegalOwnerType?: unknown; OwnerName?: unknown };
          return (
            body.LegalOwnerType === 'Business' &&
            ownerNameForNameCheck('Personal').safeParse(body.OwnerName).success
          );
        },
      }),
    ),
);

/** The body of POST /open-banking/outbound/v1/srd/validate. */
export const srdValidateRequest = z.lazy(() =>
  z.strictObject({
    SchemeName: schemeName,
    Identification: nameCheckIdentification,
  }),
);
