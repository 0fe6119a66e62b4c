import * as z from 'zod/mini';
import { parseInstant, ukDateOf } from './calendar.js';
import { isCountryCodeAlpha3 } from './countries.js';
import { ISO_CODE_PATTERN } from './currencies.js';
import { FieldRuleError } from './errors.js';
import { positiveAmount } from './money.js';

/**
 * Request field rules of the spec as zod schemas, each carrying its messages, for the gateway (whose 400
 * problem lists them per property) and the simulator alike. Plain functions are here where a rule needs more
 * than the value: the time now, or a second field.
 */

// ---------------------------------------------------------------------------------------------------------
// Instant payments (POST /v3/payments/fps)

/**
 * The characters of instant payment text: letters, digits, / - ? : ( ) . , ’ + space # = ! ” % & * < > ; { @
 * carriage return and line feed. The quotes are the right single (U+2019) and right double (U+201D) quotes the
 * spec names; change this one pattern if the bank turns out to mean the ASCII ' and ".
 */
export const FPS_TEXT = /^[A-Za-z0-9/\-?:().,’+ #=!”%&*<>;{@\r\n]*$/;
const FPS_CHARACTERS_IN_WORDS =
  'letters, digits, space, carriage return, line feed and / - ? : ( ) . , ’ + # = ! ” % & * < > ; { @';

export const SCHEME_CREDITOR_NAME_LENGTH = 35;
export const SCHEME_REFERENCE_LENGTH = 18;
export const MAX_FPS_AMOUNT = '1000000';
export const MAX_FPS_INSTRUCTIONS = 10;

export const FIELD_MESSAGES = {
  creditorNameLength: 'Creditor name must be 1 to 140 characters long.',
  creditorNameCharacters: `Creditor name may contain only ${FPS_CHARACTERS_IN_WORDS}.`,
  paymentReferenceLength: 'Payment reference must be at most 35 characters long.',
  paymentReferenceCharacters: `Payment reference may contain only ${FPS_CHARACTERS_IN_WORDS}.`,
  fpsCurrency: 'Currency must be GBP, the only currency of instant payments.',
  fpsInstructions: `paymentInstructions must hold 1 to ${MAX_FPS_INSTRUCTIONS} instructions.`,

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

  serviceUserNumber: 'serviceUserNumber must be exactly 6 digits.',
  originatorName:
    'originatorName must be at most 18 characters: upper-case letters, digits, full stop, ampersand, slash, hyphen, space.',
  payerName:
    'payerName must be at most 18 characters: upper-case letters, digits, full stop, ampersand, slash, hyphen, space.',
  mandateReference:
    'reference must be 1 to 18 characters: upper-case letters, digits, full stop, ampersand, slash, hyphen, space.',
  mandateType: 'mandateType must be PaperMandate, Origination or Migrated.',
  mandateAmendReasonCode:
    'reasonCode must be C (account moved to a different branch) or E (instruction amended).',
  mandateReturnReason: 'rejectionReason must be one of B, C, F, G, H, I, K, 1, 2, 3, 5, 6.',
  mandateCancelReasonCode:
    'reasonCode must be 0 (institution cancelled, refer to payer), 1 (cancelled by payer), 2 (payer deceased) or B (account closed).',

  statementYear: 'year must be a whole number, 2019 or later.',
  statementTooOld: 'year and month must be within the last 24 months.',
  statementMonth: 'month must be a whole number from 1 to 12.',
  statementNotYetClosed: 'month must be a month that has ended.',
  statementPreviousMonthTooEarly:
    'The previous month can be requested from the 5th day of the current month.',
  statementFormat: 'format must be csv.',
  statementCurrency: 'currency must be exactly 3 letters.',

  transactionPageSize: 'PageSize must be a whole number from 1 to 1000.',

  internalTransferEndToEndId:
    'endToEndId must be 1 to 35 characters: letters, digits, slash, question mark, colon, hyphen, full stop, comma, space.',
  internalTransferReference:
    'reference must be at most 140 characters: letters, digits, slash, question mark, colon, hyphen, full stop, comma, space.',

  countryCodeAlpha3: 'Country must be an ISO 3166-1 alpha-3 code, such as GBR.',
  idType: 'idType must be Passport, DrivingLicence, NationalInsurance, NationalId or SocialSecurity.',
  idNumber: 'idNumber must be 1 to 255 characters long.',
  idExpiryDate: 'idExpiryDate must be an ISO 8601 date-time.',
  identityDocumentIncomplete:
    'is required when any of idCountryOfIssue, idType, idNumber, idExpiryDate is given: they go together.',

  xRequestId: 'X-Request-Id must be 1 to 83 visible ASCII characters.',
} as const;

/**
 * Text of `min` to `max` characters, optionally from a character set: the shape of most of the spec's field
 * rules. One message covers type and length; `charsetMessage` (default the same) the characters.
 */
function boundedText(
  { min = 0, max, charset }: { min?: number; max: number; charset?: RegExp },
  message: string,
  charsetMessage = message,
) {
  const text = z.string({ error: message }).check(z.minLength(min, message), z.maxLength(max, message));
  return charset ? text.check(z.regex(charset, charsetMessage)) : text;
}

export const creditorName = boundedText(
  { min: 1, max: 140, charset: FPS_TEXT },
  FIELD_MESSAGES.creditorNameLength,
  FIELD_MESSAGES.creditorNameCharacters,
);

export const paymentReference = boundedText(
  { max: 35, charset: FPS_TEXT },
  FIELD_MESSAGES.paymentReferenceLength,
  FIELD_MESSAGES.paymentReferenceCharacters,
);

/** `amount.instructedAmount`: above 0, at most GBP 1,000,000, at most two decimals. */
export const fpsAmount = positiveAmount('GBP', { label: 'Amount', max: MAX_FPS_AMOUNT });

export const fpsCurrency = z.literal('GBP', { error: FIELD_MESSAGES.fpsCurrency });

/** `paymentInstructions`: 1 to 10 of `item`. */
export function fpsPaymentInstructions<Item extends z.ZodMiniType>(item: Item) {
  return z
    .array(item, { error: FIELD_MESSAGES.fpsInstructions })
    .check(
      z.minLength(1, FIELD_MESSAGES.fpsInstructions),
      z.maxLength(MAX_FPS_INSTRUCTIONS, FIELD_MESSAGES.fpsInstructions),
    );
}

/** Validates with `schema` or throws a FieldRuleError naming `field` and carrying the schema's first message. */
export function parseField<Schema extends z.ZodMiniType>(
  schema: Schema,
  value: unknown,
  field: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue === undefined || issue.path.length === 0 ? field : `${field}.${issue.path.join('.')}`;
  // The rule is zod's issue code in kebab case (too-small, invalid-format, custom...).
  throw new FieldRuleError(
    path,
    (issue?.code ?? 'invalid').replaceAll('_', '-'),
    issue?.message ?? `${field} is not valid.`,
  );
}

/** The creditor name as it reaches the scheme: its first 35 characters. */
export function creditorNameForScheme(name: string): string {
  return parseField(creditorName, name, 'creditor.name').slice(0, SCHEME_CREDITOR_NAME_LENGTH);
}

/** The reference as it reaches the scheme: its first 18 characters; missing remittance information is ''. */
export function paymentReferenceForScheme(reference: string | undefined): string {
  if (reference === undefined) return '';
  const field = 'remittanceInformation.structured.creditorReferenceInformation.reference';
  return parseField(paymentReference, reference, field).slice(0, SCHEME_REFERENCE_LENGTH);
}

// ---------------------------------------------------------------------------------------------------------
// Payee name checks (PascalCase bodies that reject unknown properties)

export const nameCheckIdentification = z
  .string({ error: FIELD_MESSAGES.nameCheckIdentification })
  .check(z.regex(/^\d{14}$/, FIELD_MESSAGES.nameCheckIdentification));

/** Identification from a sort code and an account number of up to 8 digits, left-padded with zeros to 8. */
export function toNameCheckIdentification(sortCode: string, accountNumber: string): string {
  if (typeof sortCode !== 'string' || !/^\d{6}$/.test(sortCode)) {
    throw new FieldRuleError('sortCode', 'sort-code-format', FIELD_MESSAGES.sortCode);
  }
  if (typeof accountNumber !== 'string' || !/^\d{1,8}$/.test(accountNumber)) {
    throw new FieldRuleError('accountNumber', 'account-number-format', FIELD_MESSAGES.accountNumber);
  }
  return sortCode + accountNumber.padStart(8, '0');
}

export type LegalOwnerType = 'Personal' | 'Business';
export const legalOwnerType = z.enum(['Personal', 'Business'], { error: FIELD_MESSAGES.legalOwnerType });

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
    throw new FieldRuleError(field, 'owner-name-length', FIELD_MESSAGES.ownerNameLength);
  }
  const parts = value.split(',');
  if (parts.length !== 3) throw new FieldRuleError(field, 'owner-name-form', FIELD_MESSAGES.ownerNameForm);
  const [salutation = '', forenames = '', surname = ''] = parts;
  if (salutation === '' && forenames === '') {
    if (surname.trim() === '')
      throw new FieldRuleError(field, 'owner-name-form', FIELD_MESSAGES.ownerNameForm);
    return { form: 'unstructured', fullName: surname.trim() };
  }
  if (forenames.trim() === '' || surname.trim() === '') {
    throw new FieldRuleError(field, 'owner-name-form', FIELD_MESSAGES.ownerNameForm);
  }
  if (owner !== 'Personal') {
    throw new FieldRuleError(
      field,
      'owner-name-structured-personal-only',
      FIELD_MESSAGES.ownerNameStructuredPersonalOnly,
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
  return z.string({ error: FIELD_MESSAGES.ownerNameLength }).check(
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

const schemeName = z.literal('SortCodeAccountNumber', { error: FIELD_MESSAGES.schemeName });

/** The body of POST /open-banking/outbound/v1/name-verification. */
export const nameVerificationRequest = z
  .strictObject({
    SchemeName: schemeName,
    LegalOwnerType: legalOwnerType,
    // Either form here; the body-level rule below refuses the structured form for business accounts.
    OwnerName: ownerNameForNameCheck('Personal'),
    Identification: nameCheckIdentification,
    SecondaryIdentification: z.optional(boundedText({ max: 140 }, FIELD_MESSAGES.secondaryIdentification)),
    EndToEndIdentification: z.optional(boundedText({ max: 140 }, FIELD_MESSAGES.endToEndIdentification)),
  })
  .check(
    z.refine((body) => parseOwnerName(body.OwnerName, 'Personal').form === 'unstructured', {
      message: FIELD_MESSAGES.ownerNameStructuredPersonalOnly,
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
  );

/** The body of POST /open-banking/outbound/v1/srd/validate. */
export const srdValidateRequest = z.strictObject({
  SchemeName: schemeName,
  Identification: nameCheckIdentification,
});

// ---------------------------------------------------------------------------------------------------------
// Direct debit instructions

/** Upper-case letters, digits, full stop, ampersand, slash, hyphen, space. */
export const DIRECT_DEBIT_TEXT = /^[A-Z0-9.&/\- ]*$/;

export const serviceUserNumber = z
  .string({ error: FIELD_MESSAGES.serviceUserNumber })
  .check(z.regex(/^\d{6}$/, FIELD_MESSAGES.serviceUserNumber));

export const originatorName = boundedText(
  { max: 18, charset: DIRECT_DEBIT_TEXT },
  FIELD_MESSAGES.originatorName,
);

export const payerName = boundedText({ max: 18, charset: DIRECT_DEBIT_TEXT }, FIELD_MESSAGES.payerName);

/** The instruction's `reference` (the service user's reference). */
export const mandateReference = boundedText(
  { min: 1, max: 18, charset: DIRECT_DEBIT_TEXT },
  FIELD_MESSAGES.mandateReference,
);

export const mandateType = z.enum(['PaperMandate', 'Origination', 'Migrated'], {
  error: FIELD_MESSAGES.mandateType,
});

export const mandateAmendReasonCode = z.enum(['C', 'E'], { error: FIELD_MESSAGES.mandateAmendReasonCode });

export const mandateReturnReason = z.enum(['B', 'C', 'F', 'G', 'H', 'I', 'K', '1', '2', '3', '5', '6'], {
  error: FIELD_MESSAGES.mandateReturnReason,
});

export const mandateCancelReasonCode = z.enum(['0', '1', '2', 'B'], {
  error: FIELD_MESSAGES.mandateCancelReasonCode,
});

// ---------------------------------------------------------------------------------------------------------
// Statement requests (POST /mccy/v1/StatementRequests)

export const FIRST_STATEMENT_YEAR = 2019;
export const STATEMENT_MONTHS_BACK = 24;
export const PREVIOUS_MONTH_FROM_DAY = 5;

export const statementYear = z
  .number({ error: FIELD_MESSAGES.statementYear })
  .check(z.int(FIELD_MESSAGES.statementYear), z.gte(FIRST_STATEMENT_YEAR, FIELD_MESSAGES.statementYear));

export const statementMonth = z
  .number({ error: FIELD_MESSAGES.statementMonth })
  .check(
    z.int(FIELD_MESSAGES.statementMonth),
    z.gte(1, FIELD_MESSAGES.statementMonth),
    z.lte(12, FIELD_MESSAGES.statementMonth),
  );

/**
 * Refuses a statement period the bank refuses at `now` (UK calendar): a year before 2019, a month outside 1 to
 * 12, more than 24 months before the current month, a month that has not ended, or the previous month before
 * the 5th of the current one. The current month counts as 0 months back: in March 2026 the oldest is March 2024.
 */
export function checkStatementPeriod(year: number, month: number, now: Date): void {
  parseField(statementYear, year, 'year');
  parseField(statementMonth, month, 'month');
  const today = ukDateOf(parseInstant(now, 'now'), 'now');
  const [nowYear, nowMonth, nowDay] = today.split('-').map(Number) as [number, number, number];
  const monthsBack = nowYear * 12 + nowMonth - (year * 12 + month);
  if (monthsBack > STATEMENT_MONTHS_BACK) {
    throw new FieldRuleError('year', 'statement-too-old', FIELD_MESSAGES.statementTooOld);
  }
  if (monthsBack < 1) {
    throw new FieldRuleError('month', 'statement-month-not-ended', FIELD_MESSAGES.statementNotYetClosed);
  }
  if (monthsBack === 1 && nowDay < PREVIOUS_MONTH_FROM_DAY) {
    throw new FieldRuleError(
      'month',
      'statement-previous-month-too-early',
      FIELD_MESSAGES.statementPreviousMonthTooEarly,
    );
  }
}

/** The statement request body as valid at `now`. */
export function statementRequest(now: Date) {
  const at = parseInstant(now, 'now');
  ukDateOf(at, 'now'); // refuse an unusable clock here rather than inside every later parse
  return z
    .object({
      year: statementYear,
      month: statementMonth,
      format: z.literal('csv', { error: FIELD_MESSAGES.statementFormat }),
      currency: z
        .string({ error: FIELD_MESSAGES.statementCurrency })
        .check(z.regex(ISO_CODE_PATTERN, FIELD_MESSAGES.statementCurrency)),
    })
    .check(
      z.superRefine((body, ctx) => {
        // zod runs this even when year or month broke their own rules; those already have their message.
        if (!statementYear.safeParse(body.year).success || !statementMonth.safeParse(body.month).success)
          return;
        try {
          checkStatementPeriod(body.year, body.month, at);
        } catch (error) {
          if (!(error instanceof FieldRuleError)) throw error;
          ctx.addIssue({ code: 'custom', message: error.message, path: [error.field] });
        }
      }),
    );
}

// ---------------------------------------------------------------------------------------------------------
// Multi-currency transaction lists

export const MAX_TRANSACTION_PAGE_SIZE = 1000;

/** A query parameter (text) holding a whole number from 1 to `max`; its output is the number. */
export function wholeNumberQuery(max: number, message: string) {
  return z.pipe(
    z.pipe(z.string({ error: message }).check(z.regex(/^[0-9]{1,9}$/, message)), z.transform(Number)),
    z.number().check(z.int(), z.gte(1, message), z.lte(max, message)),
  );
}

/** The `PageSize` query parameter as it arrives (text); its output is the number. */
export const transactionPageSize = wholeNumberQuery(
  MAX_TRANSACTION_PAGE_SIZE,
  FIELD_MESSAGES.transactionPageSize,
);

// ---------------------------------------------------------------------------------------------------------
// Internal transfers (POST /v1/mccy/internaltransfers)

/** Letters, digits, slash, question mark, colon, hyphen, full stop, comma, space. */
export const INTERNAL_TRANSFER_TEXT = /^[A-Za-z0-9/?:\-., ]*$/;

export const internalTransferEndToEndId = boundedText(
  { min: 1, max: 35, charset: INTERNAL_TRANSFER_TEXT },
  FIELD_MESSAGES.internalTransferEndToEndId,
);

export const internalTransferReference = boundedText(
  { max: 140, charset: INTERNAL_TRANSFER_TEXT },
  FIELD_MESSAGES.internalTransferReference,
);

// ---------------------------------------------------------------------------------------------------------
// Retail customers

export const countryCodeAlpha3 = z
  .string({ error: FIELD_MESSAGES.countryCodeAlpha3 })
  .check(z.refine(isCountryCodeAlpha3, FIELD_MESSAGES.countryCodeAlpha3));

export const idType = z.enum(
  ['Passport', 'DrivingLicence', 'NationalInsurance', 'NationalId', 'SocialSecurity'],
  {
    error: FIELD_MESSAGES.idType,
  },
);

const IDENTITY_DOCUMENT_FIELDS = ['idCountryOfIssue', 'idType', 'idNumber', 'idExpiryDate'] as const;

/** The identity-document members of a retail customer, to spread into a customer body's shape. */
export const retailCustomerIdentityDocumentFields = {
  idCountryOfIssue: z.optional(countryCodeAlpha3),
  idType: z.optional(idType),
  idNumber: z.optional(
    z
      .string({ error: FIELD_MESSAGES.idNumber })
      .check(z.minLength(1, FIELD_MESSAGES.idNumber), z.maxLength(255, FIELD_MESSAGES.idNumber)),
  ),
  idExpiryDate: z.optional(z.iso.datetime({ offset: true, error: FIELD_MESSAGES.idExpiryDate })),
};

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
        message: `${field} ${FIELD_MESSAGES.identityDocumentIncomplete}`,
        path: [field],
      });
    }
  }
}

export const retailCustomerIdentityDocument = z
  .object(retailCustomerIdentityDocumentFields)
  .check(z.superRefine(requireIdentityDocumentTogether));

// ---------------------------------------------------------------------------------------------------------
// Headers

export const MAX_REQUEST_ID_LENGTH = 83;
/** The bank treats a repeated `X-Request-Id` as a duplicate (409) for this long. */
export const REQUEST_ID_UNIQUE_FOR_MS = 24 * 60 * 60 * 1000;

/** `X-Request-Id`: 1 to 83 characters; visible ASCII only, so it travels unchanged in a header. */
export const xRequestId = z
  .string({ error: FIELD_MESSAGES.xRequestId })
  .check(z.regex(new RegExp(`^[\\x21-\\x7e]{1,${MAX_REQUEST_ID_LENGTH}}$`), FIELD_MESSAGES.xRequestId));
