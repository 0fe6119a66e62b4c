import * as z from 'zod/mini';
import { ISO_3166_ALPHA_3 } from './countries.js';

/** Retail customers: the spec's request field rules as zod schemas with their messages, for the gateway and the simulator. */

export const CUSTOMER_MESSAGES = {
  countryCodeAlpha3: 'Country must be an ISO 3166-1 alpha-3 code, such as GBR.',
  idType: 'idType must be Passport, DrivingLicence, NationalInsurance, NationalId or SocialSecurity.',
  idNumber: 'idNumber must be 1 to 255 characters long.',
  idExpiryDate: 'idExpiryDate must be an ISO 8601 date-time.',
  identityDocumentIncomplete:
    'is required when any of idCountryOfIssue, idType, idNumber, idExpiryDate is given: they go together.',
} as const;

export const countryCodeAlpha3 = z.lazy(() =>
  z.enum(ISO_3166_ALPHA_3, { error: CUSTOMER_MESSAGES.countryCodeAlpha3 }),
);

export const idType = z.lazy(() =>
  z.enum(['Passport', 'DrivingLicence', 'NationalInsurance', 'NationalId', 'SocialSecurity'], {
    error: CUSTOMER_MESSAGES.idType,
  }),
);

const IDENTITY_DOCUMENT_FIELDS = ['idCountryOfIssue', 'idType', 'idNumber', 'idExpiryDate'] as const;

/** The identity-document members of a retail customer, to spread into a customer body's shape. */
export function retailCustomerIdentityDocumentFields() {
  return {
    idCountryOfIssue: z.optional(countryCodeAlpha3),
    idType: z.optional(idType),
    idNumber: z.optional(
      z
        .string({ error: CUSTOMER_MESSAGES.idNumber })
        .check(z.minLength(1, CUSTOMER_MESSAGES.idNumber), z.maxLength(255, CUSTOMER_MESSAGES.idNumber)),
    ),
    idExpiryDate: z.optional(z.iso.datetime({ offset: true, error: CUSTOMER_MESSAGES.idExpiryDate })),
  };
}

/** "If one is given, the others are needed": one message per missing member. Use in a body's superRefine. */
export function requireIdentityDocumentTogether(
  body: Record<string, unknown>,
  ctx: z.core.$RefinementCtx,
): void {
  const given = IDENTITY_DOCUMENT_FIELDS.filter((field) => body[field] !== undefined);
  if (given.length === 0 || given.length === IDENTITY_DOCUMENT_FIELDS.length) return;
  for (const field of IDENTITY_DOCUMENT_FIELDS) {
    if (body[field] === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `${field} ${CUSTOMER_MESSAGES.identityDocumentIncomplete}`,
        path: [field],
      });
    }
  }
}

export const retailCustomerIdentityDocument = z.lazy(() =>
  z.object(retailCustomerIdentityDocumentFields()).check(z.superRefine(requireIdentityDocumentTogether)),
);
