import * as z from 'zod/mini';
import {
  countryCodeAlpha3,
  requireIdentityDocumentTogether,
  retailCustomerIdentityDocumentFields,
} from '#shared/domain/customer-rules.js';
import type { FieldErrors } from '#shared/http/validation.js';
import { describedAs } from '../json-schema.js';
import { bankId } from '../path-params.js';
import {
  MESSAGES as ACCOUNT_MESSAGES,
  minimumBalance,
  OWNER_NAME_CHARACTERS,
  sortCode,
} from '../sterling-accounts/schemas.js';

/**
 * Spec part 2, "Retail customer" and "Retail customers and protected deposit accounts", brought in line with
 * the bank's published request schemas (`retail.json`, `sterling-v4.json`; shared/spec/bank-reference.md).
 * The identity-document rules and the country list live in shared/domain/customer-rules.ts; the sort code,
 * the minimum balance and the overdraft rule are the sterling accounts' own (../sterling-accounts/schemas.ts).
 */

export const ADDRESS_TYPES = ['TradingAddress', 'RegisteredAddress', 'ResidentialAddress'] as const;

export const MESSAGES = {
  firstName: 'firstName is required: text of at most 255 characters.',
  middleName: 'middleName must be text of at most 255 characters.',
  surname: 'surname is required: text of at most 255 characters.',
  dateOfBirth: 'dateOfBirth is required: a calendar date written YYYY-MM-DD.',
  email: 'email is required: an e-mail address such as jane@example.com.',
  addressType: `addressType is required: one of ${ADDRESS_TYPES.join(', ')}.`,
  addressTypeValue: `addressType must be one of ${ADDRESS_TYPES.join(', ')}.`,
  validFrom: 'validFrom must be an ISO 8601 date-time.',
  validTo: 'validTo must be an ISO 8601 date-time.',
  validToBeforeFrom: 'validTo must not be earlier than validFrom.',
  validToWhileCurrent:
    'validTo must be left blank while the address is current: a validTo already passed ends the address.',
  countryCode: 'countryCode is required: an ISO 3166-1 alpha-3 code, such as GBR.',
  buildingNameNumber: 'buildingNameNumber is required: text of at most 255 characters.',
  streetName: 'streetName is required: text of at most 255 characters.',
  postalCode: 'postalCode is required: text of at most 255 characters.',
  addressText: 'must be text of at most 255 characters.',
  currentAddress:
    'currentAddress is required: an address object (or, as the reference writes it, a list of at least one).',
  previousAddresses: 'previousAddresses must be a list of addresses.',
  productId: 'productId is required: a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6.',
  customerId: 'customerId is required: the GUID the bank gave the retail customer.',
  owner: 'owner must be an object whose name is the account owner.',
  ownerName: 'owner.name must be text of at most 140 characters.',
  ownerNameCharacters: ACCOUNT_MESSAGES.ownerNameCharactersOfOwner,
} as const;

/** Text of at most 255 characters (every name and address member of `retail.json`), with its message. */
const text255 = (message: string) => z.string({ error: message }).check(z.maxLength(255, message));
const optionalText255 = (name: string) => z.optional(text255(`${name} ${MESSAGES.addressText}`));

/** `format: date`: a real calendar date (2023-02-29 is refused), no time. */
const dateOfBirth = z.lazy(() => z.iso.date({ error: MESSAGES.dateOfBirth }));
const dateTime = (message: string) => z.iso.datetime({ offset: true, error: message });

// --- Addresses ---------------------------------------------------------------------------------------------

function addressFields() {
  return {
    validFrom: z.optional(dateTime(MESSAGES.validFrom)),
    validTo: z.optional(dateTime(MESSAGES.validTo)),
    city: optionalText255('city'),
    county: optionalText255('county'),
  };
}

function validToNotBeforeFrom(
  address: { validFrom?: string; validTo?: string },
  ctx: z.core.$RefinementCtx,
): void {
  const { validFrom, validTo } = address;
  if (validFrom !== undefined && validTo !== undefined && Date.parse(validTo) < Date.parse(validFrom)) {
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: MESSAGES.validToBeforeFrom });
  }
}

/**
 * A current address: `retail.json`'s `AddressRequest` on create (addressType required there) and
 * `UpdateAddressRequest` on `PUT .../currentaddress` (addressType optional). Required: countryCode,
 * buildingNameNumber, streetName, postalCode.
 */
const currentAddressOf = <T extends z.ZodMiniType>(addressType: T) =>
  z
    .strictObject({
      addressType,
      ...addressFields(),
      countryCode: z.pipe(z.string({ error: MESSAGES.countryCode }), countryCodeAlpha3),
      buildingNameNumber: text255(MESSAGES.buildingNameNumber),
      streetName: text255(MESSAGES.streetName),
      postalCode: text255(MESSAGES.postalCode),
    })
    .check(z.superRefine(validToNotBeforeFrom));

const addressType = z.lazy(() => z.enum(ADDRESS_TYPES, { error: MESSAGES.addressType }));
const addressTypeValue = z.lazy(() => z.enum(ADDRESS_TYPES, { error: MESSAGES.addressTypeValue }));

export const currentAddress = z.lazy(() => currentAddressOf(addressType));

/** `PUT /v1/customers/retail/{customerId}/currentaddress`. */
export const replaceCurrentAddressBody = z.lazy(() => currentAddressOf(z.optional(addressTypeValue)));

/** `retail.json`'s `PreviousAddress`: every member optional, validTo allowed (the address has ended). */
export const previousAddress = z.lazy(() =>
  z
    .strictObject({
      addressType: z.optional(addressTypeValue),
      ...addressFields(),
      countryCode: z.optional(countryCodeAlpha3),
      buildingNameNumber: optionalText255('buildingNameNumber'),
      streetName: optionalText255('streetName'),
      postalCode: optionalText255('postalCode'),
    })
    .check(z.superRefine(validToNotBeforeFrom)),
);

export type CurrentAddress = z.output<typeof currentAddress>;
export type PreviousAddress = z.output<typeof previousAddress>;

const currentAddressList = z.lazy(() =>
  z.array(currentAddress, { error: MESSAGES.currentAddress }).check(z.minLength(1, MESSAGES.currentAddress)),
);

/**
 * The spec writes `currentAddress` as one address, `retail.json` as a list of them: either is accepted
 * (never refuse what the bank accepts), each checked as a current address. A hand-made dispatch instead of
 * `z.union`, whose failure is one "Invalid input" instead of the failing members.
 */
const currentAddressOnCreate = z.lazy(() =>
  describedAs(
    z.custom<CurrentAddress | CurrentAddress[]>().check(
      z.superRefine((value, ctx) => {
        const schema = Array.isArray(value) ? currentAddressList : currentAddress;
        const parsed = schema.safeParse(value === undefined || value === null ? 0 : value);
        if (parsed.success) return;
        for (const issue of parsed.error.issues) {
          const message =
            issue.path.length === 0 && !Array.isArray(value) ? MESSAGES.currentAddress : issue.message;
          ctx.addIssue({ ...issue, message } as z.core.$ZodRawIssue);
        }
      }),
    ),
    z.union([currentAddress, currentAddressList]),
  ),
);

// --- Retail customers --------------------------------------------------------------------------------------

function nameFields() {
  return {
    firstName: text255(MESSAGES.firstName),
    middleName: z.optional(text255(MESSAGES.middleName)),
    surname: text255(MESSAGES.surname),
    dateOfBirth,
    email: z.email({ error: MESSAGES.email }),
  };
}

/** `POST /v1/customers/retail`; the identity-document members go together (customer-rules.ts). */
export const createRetailCustomerBody = z.lazy(() =>
  z
    .strictObject({
      ...nameFields(),
      ...retailCustomerIdentityDocumentFields(),
      countryOfResidence: z.optional(countryCodeAlpha3),
      currentAddress: currentAddressOnCreate,
      previousAddresses: z.optional(z.array(previousAddress, { error: MESSAGES.previousAddresses })),
    })
    .check(z.superRefine(requireIdentityDocumentTogether)),
);

/**
 * `PATCH /v1/customers/retail/{customerId}`: any of the names, date of birth, e-mail and identity
 * document (`retail.json` also takes countryOfResidence); identity-document members still go together.
 */
export const amendRetailCustomerBody = z.lazy(() => {
  const names = nameFields();
  return z
    .strictObject({
      firstName: z.optional(names.firstName),
      middleName: names.middleName,
      surname: z.optional(names.surname),
      dateOfBirth: z.optional(dateOfBirth),
      email: z.optional(names.email),
      ...retailCustomerIdentityDocumentFields(),
      countryOfResidence: z.optional(countryCodeAlpha3),
    })
    .check(z.superRefine(requireIdentityDocumentTogether));
});

export type CreateRetailCustomerBody = z.output<typeof createRetailCustomerBody>;
export type AmendRetailCustomerBody = z.output<typeof amendRetailCustomerBody>;
export type ReplaceCurrentAddressBody = z.output<typeof replaceCurrentAddressBody>;

/** The current addresses a create carries, whichever shape it came in. */
export function currentAddressesOf(body: CreateRetailCustomerBody): CurrentAddress[] {
  return Array.isArray(body.currentAddress) ? body.currentAddress : [body.currentAddress];
}

/**
 * "Leave validTo blank while the current address is still valid" (`retail.json`): a validTo already
 * passed is refused, since the address would not be current. It depends on the clock, so it is a check.
 */
export function currentAddressErrors(
  addresses: readonly { validTo?: string }[],
  now: Date,
  prefix: (index: number) => string,
): FieldErrors {
  const errors: FieldErrors = {};
  addresses.forEach((address, index) => {
    if (address.validTo !== undefined && Date.parse(address.validTo) <= now.getTime()) {
      errors[`${prefix(index)}validTo`] = [MESSAGES.validToWhileCurrent];
    }
  });
  return errors;
}

// --- Protected deposit accounts ----------------------------------------------------------------------------

/** `POST /v4/Accounts` (`sterling-v4.json`): a current account for a retail customer. */
export const createProtectedDepositAccountBody = z.lazy(() =>
  z.strictObject({
    owner: z.optional(
      z.strictObject(
        {
          name: z.optional(
            z
              .string({ error: MESSAGES.ownerName })
              .check(
                z.maxLength(140, MESSAGES.ownerName),
                z.regex(OWNER_NAME_CHARACTERS, MESSAGES.ownerNameCharacters),
              ),
          ),
        },
        { error: MESSAGES.owner },
      ),
    ),
    sortCode,
    productId: z.pipe(z.string({ error: MESSAGES.productId }), bankId('productId')),
    customerId: z.pipe(z.string({ error: MESSAGES.customerId }), bankId('customerId')),
    minimumBalance: z.optional(minimumBalance),
  }),
);

export type CreateProtectedDepositAccountBody = z.output<typeof createProtectedDepositAccountBody>;
