import * as z from 'zod/mini';
import { isBusinessDay, nextBusinessDay, ukDateOf, ukInstant } from './calendar.js';
import {
  CATEGORY_PURPOSE_CODES,
  PURPOSE_CODES,
  PURPOSE_CODES_NOT_SIMULATED,
  RETURN_REASON_CODES,
} from './iso20022-codes.js';
import { jsonDecimal, positiveAmount } from './money.js';
import { boundedText } from './text-rules.js';

/**
 * CHAPS and GBP cross-border payments (`chaps-v6.json`, `cross-border-v4.json`,
 * `chaps-rtgs-inbound-simulator-v3.json`; guides `chaps.mdx`, `gbp-cross-border.mdx`): the field rules, the
 * amount and currency, the account identification forms and the hours, for the gateway and the simulator.
 * Patterns are the reference's, applied to the whole value: the ones it writes without `^...$` (the IBAN, the
 * cross-border account identification) are .NET validation attributes, which match the whole value, and the
 * cross-border one only makes sense so (no leading, trailing or double `/`).
 */

// --- Character sets ------------------------------------------------------------------------------------------

/**
 * The reference's wide set: names, addresses, references, instruction ids (SWIFT's extended set). Written with
 * `*` where the reference has `+`: every field using it has its own minimum length, so an empty value gets one
 * message (its length) instead of two.
 */
export const CHAPS_TEXT = /^[0-9a-zA-Z/\-?:().,'+ !#$%&*=^_`{|}~";<>@[\\\]]*$/;
const CHAPS_TEXT_WORDS =
  'letters, digits, space and / - ? : ( ) . , \' + ! # $ % & * = ^ _ ` { | } ~ " ; < > @ [ \\ ]';

/** The reference's narrow set: end-to-end ids and other identifications (SWIFT's X set); `*` as above. */
export const CHAPS_ID_TEXT = /^[0-9a-zA-Z/\-?:().,'+ ]*$/;
const CHAPS_ID_TEXT_WORDS = "letters, digits, space and / - ? : ( ) . , ' +";

/** BIC8 or BIC11 (ISO 9362 shape): 4 letters or digits, the country's 2 letters, 2 and optionally 3 more. */
export const BIC = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
/** The simulator's organisation BIC (`OrganisationIdentifierV3`): 8 or 11 letters or digits. */
export const SIMULATOR_ORGANISATION_BIC = /^([A-Z0-9]{8}|[A-Z0-9]{11})$/;
/**
 * A Legal Entity Identifier: 18 upper-case letters or digits and 2 digits. The guides name ISO 17442, whose last
 * two digits are MOD 97-10 check digits, but the reference's own LEIs (`5493001KJH8B2Q3L5X79`,
 * `844517J3KKERBCP9QQ94`, shown as valid payloads) fail them: the bank checks the shape only, and so does this.
 */
export const LEI = /^[A-Z0-9]{18}[0-9]{2}$/;
/** A country: 2 upper-case letters (the reference's pattern; it names no list). */
export const COUNTRY = /^[A-Z]{2}$/;
/**
 * An IBAN as the reference writes its shape: country, 2 check digits, 1 to 30 letters or digits. Check digits
 * are not verified: the bank's own "valid payload" examples carry `GB00FAKE...` and `DE89370470440532013000`.
 */
export const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/;
/**
 * The cross-border creditor account's other identification (`CrossBorderCreditorIdentificationOtherDtoV4`):
 * the reference's `X([X]*(/X)?)*` with X its 20 characters, i.e. runs of them joined by single slashes. Written
 * as `X+(/X+)*`, the same language without the nested repetition a long refused value would backtrack through
 * (empty allowed here: the minimum length says so, in one message).
 */
export const CROSS_BORDER_ACCOUNT_ID = /^(?:[0-9a-zA-Z\-?:().,'+]+(?:\/[0-9a-zA-Z\-?:().,'+]+)*)?$/;
/** The currency written as the reference's pattern has it; GBP alone is served (`chapsCurrency`). */
export const CURRENCY_SHAPE = /^[A-Z]{3}$/;

export const CHAPS_MESSAGES = {
  bic: (name: string) =>
    `${name} must be a BIC of 8 or 11 upper-case letters or digits, its 5th and 6th letters a country.`,
  simulatorBic: (name: string) => `${name} must be 8 or 11 upper-case letters or digits.`,
  lei: (name: string) => `${name} must be an LEI: 18 upper-case letters or digits, then 2 digits.`,
  country: (name: string) => `${name} must be a country's 2 upper-case letters, such as GB.`,
  iban: (name: string) =>
    `${name} must be an IBAN: 2 upper-case letters, 2 digits, then 1 to 30 letters or digits, at most 34 in all.`,
  currency: 'currency must be GBP: CHAPS and GBP cross-border payments are in sterling only.',
  currencyShape: 'currency must be 3 upper-case letters.',
  amount: 'amount must be a number.',
  purpose: `purpose must be one of the ${PURPOSE_CODES.length} purpose codes of the bank's list, such as SALA or IVPT.`,
  simulatedPurpose: `purpose must be one of the purpose codes of the bank's list, such as SALA or IVPT (the simulator does not take ${PURPOSE_CODES_NOT_SIMULATED.join(', ')}).`,
  categoryPurpose: `categoryPurpose must be one of ${CATEGORY_PURPOSE_CODES.join(', ')}.`,
  reason: `reason must be one of the ${RETURN_REASON_CODES.length} return reason codes of the bank's list, such as AC04.`,
  narrNotSent:
    'reason NARR is not available when sending a return (chaps.mdx: it may only be received); choose another code.',
  narrNeedsInformation: 'additionalInformation is required when reason is NARR.',
  additionalInformation: 'additionalInformation must be at most 105 characters long.',
  oneIdentifier: 'give organisationIdentifier or privateIdentifier, not both.',
  chapsClosed:
    'CHAPS payments and returns are sent from 08:00 to 17:00 UK time on business days (Monday to Friday, not England and Wales bank holidays).',
  crossBorderClosed:
    'GBP cross-border payments are taken from 08:00 to 17:00 UK time on business days (Monday to Friday, not England and Wales bank holidays); the bank refuses them outside.',
} as const;

// --- Field rules (factories: the caller names the property and builds them lazily) -------------------------

/** 1 to `max` characters of the wide set (`min` 0 where the reference allows empty text). */
export function chapsText(name: string, max: number, min = 1) {
  return boundedText(
    { min, max, charset: CHAPS_TEXT },
    `${name} must be ${min} to ${max} characters long.`,
    `${name} may contain only ${CHAPS_TEXT_WORDS}.`,
  );
}

/** Up to `max` characters of the narrow set (end-to-end ids, other identifications). */
export function chapsIdText(name: string, max: number, min = 1) {
  return boundedText(
    { min, max, charset: CHAPS_ID_TEXT },
    `${name} must be ${min} to ${max} characters long.`,
    `${name} may contain only ${CHAPS_ID_TEXT_WORDS}.`,
  );
}

/** Text of `min` to `max` characters in any character (the reference sets no pattern). */
export function plainText(name: string, max: number, min = 1) {
  return max === Infinity
    ? z.string({ error: `${name} must be text.` }).check(z.minLength(min, `${name} must not be empty.`))
    : boundedText({ min, max }, `${name} must be ${min} to ${max} characters long.`);
}

export function bic(name: string) {
  return z.string({ error: CHAPS_MESSAGES.bic(name) }).check(z.regex(BIC, CHAPS_MESSAGES.bic(name)));
}

export function lei(name: string) {
  return z.string({ error: CHAPS_MESSAGES.lei(name) }).check(z.regex(LEI, CHAPS_MESSAGES.lei(name)));
}

export function country(name: string) {
  return z
    .string({ error: CHAPS_MESSAGES.country(name) })
    .check(z.regex(COUNTRY, CHAPS_MESSAGES.country(name)));
}

export function ibanShape(name: string) {
  return z.string({ error: CHAPS_MESSAGES.iban(name) }).check(z.regex(IBAN_SHAPE, CHAPS_MESSAGES.iban(name)));
}

// --- Codes -----------------------------------------------------------------------------------------------------

export const purposeCode = z.lazy(() => z.enum(PURPOSE_CODES, { error: CHAPS_MESSAGES.purpose }));
/** The simulator's 123: the list without the four its document leaves out. */
export const simulatedPurposeCode = z.lazy(() =>
  z.enum(
    PURPOSE_CODES.filter((code) => !(PURPOSE_CODES_NOT_SIMULATED as readonly string[]).includes(code)),
    { error: CHAPS_MESSAGES.simulatedPurpose },
  ),
);
export const categoryPurposeCode = z.lazy(() =>
  z.enum(CATEGORY_PURPOSE_CODES, { error: CHAPS_MESSAGES.categoryPurpose }),
);
export const returnReasonCode = z.lazy(() => z.enum(RETURN_REASON_CODES, { error: CHAPS_MESSAGES.reason }));

// --- Amount and currency ---------------------------------------------------------------------------------------

/**
 * The gateway's `interBankSettlementAmount.amount`: above 0 with at most 2 decimals, on the digits written. The
 * reference types it only as a decimal and sets no limit ("there is no amount limit" for CHAPS and GBP
 * cross-border); a zero, negative or sub-penny sterling payment cannot be made, so it is stopped here.
 */
export const chapsAmount = z.lazy(() => positiveAmount('GBP', { label: 'amount' }));
/** What the bank's schema itself takes for `amount`: any JSON number (the simulator's `bankBody`). */
export const bankAmount = z.lazy(() => jsonDecimal(CHAPS_MESSAGES.amount));
/**
 * The gateway's `currency`: GBP. The reference's pattern takes any 3 upper-case letters but says "Set to 'GBP' as
 * other currencies are not supported", so another currency could only fail after its 202 (rule 2 of
 * bank-reference.md: stop what the bank refuses).
 */
export const chapsCurrency = z.lazy(() => z.literal('GBP', { error: CHAPS_MESSAGES.currency }));
/** What the bank's schema itself takes for `currency` (the simulator's `bankBody`). */
export const bankCurrency = z.lazy(() =>
  z
    .string({ error: CHAPS_MESSAGES.currencyShape })
    .check(z.regex(CURRENCY_SHAPE, CHAPS_MESSAGES.currencyShape)),
);

// --- Account identification ------------------------------------------------------------------------------------

/** The account identification forms of the three documents, by the `schemeName` values each takes. */
export const SCHEME_NAMES = {
  /** `AccountIdentificationOtherDtoV6` (chaps-v6, cross-border-v4 source and debtor accounts). */
  chaps: ['BBan', 'SortcodeAccountNumber'],
  /** `CrossBorderCreditorIdentificationOtherDtoV4` (the cross-border creditor account). */
  crossBorderCreditor: ['BBan', 'Other'],
  /** `AccountIdentificationOtherDtoV3` (the inbound simulator; note the capital C). */
  simulator: ['BBan', 'SortCodeAccountNumber'],
} as const;
export type AccountForm = keyof typeof SCHEME_NAMES;

/**
 * Which of the two forms an account identification is written in: `iban` when it has an `iban` member, `other`
 * when it has `schemeName` or `identification`, undefined when it is not an object or has neither (the caller
 * names the account then). The reference's `oneOf` of two closed objects: a mix of both is refused by the form
 * chosen, as an unknown member.
 */
export function accountFormOf(value: unknown): 'iban' | 'other' | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (Object.hasOwn(value, 'iban')) return 'iban';
  if (Object.hasOwn(value, 'schemeName') || Object.hasOwn(value, 'identification')) return 'other';
  return undefined;
}

/** The `other` form's `schemeName` and `identification` of a document. */
export function otherAccountFields(form: AccountForm) {
  const schemeNames = SCHEME_NAMES[form];
  const schemeName = z.enum(schemeNames, {
    error: `schemeName must be ${schemeNames.join(' or ')}.`,
  });
  switch (form) {
    case 'chaps':
      return { schemeName, identification: plainText('identification', 34) };
    case 'crossBorderCreditor':
      return {
        schemeName,
        identification: boundedText(
          { min: 1, max: 34, charset: CROSS_BORDER_ACCOUNT_ID },
          'identification must be 1 to 34 characters long.',
          "identification may contain only letters, digits and - ? : ( ) . , ' +, with single / between them (not first or last).",
        ),
      };
    case 'simulator':
      // `AccountIdentificationDtoV3` (its base) sets at most 35, the form itself at least 1.
      return { schemeName, identification: plainText('identification', 35) };
  }
}

// --- Hours -----------------------------------------------------------------------------------------------------

/** CHAPS sends and returns, and GBP cross-border payments: 08:00 to 17:00 UK time on business days (the guides). */
export const CHAPS_OPENS = '08:00';
export const CHAPS_CLOSES = '17:00';

/** Whether `at` is within the hours: an England and Wales business day, from 08:00 (inclusive) to 17:00 (exclusive). */
export function isChapsOpen(at: Date): boolean {
  const day = ukDateOf(at);
  if (!isBusinessDay(day)) return false;
  return at >= ukInstant(day, CHAPS_OPENS) && at < ukInstant(day, CHAPS_CLOSES);
}

/** The first opening (08:00 UK on a business day) at or after `at`: the next one when `at` is within the hours. */
export function nextChapsOpening(at: Date): Date {
  const day = ukDateOf(at);
  const today = ukInstant(day, CHAPS_OPENS);
  if (isBusinessDay(day) && at <= today) return today;
  return ukInstant(nextBusinessDay(day), CHAPS_OPENS);
}

/**
 * The last moment a received CHAPS payment may be returned ("All CHAPS returns must be made by the next working
 * day", chaps-v6.json): the close, 17:00 UK, of the first business day after the UK day it was received.
 */
export function chapsReturnDeadline(receivedAt: Date): Date {
  const received = ukDateOf(receivedAt);
  return ukInstant(nextBusinessDay(received), CHAPS_CLOSES);
}
