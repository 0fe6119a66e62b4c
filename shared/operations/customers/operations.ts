import * as z from 'zod/mini';
import type { Operation } from '../operation.js';
import { bankId } from '../path-params.js';
import { overdraftErrors } from '../sterling-accounts/schemas.js';
import {
  amendRetailCustomerBody,
  type CreateProtectedDepositAccountBody,
  type CreateRetailCustomerBody,
  createProtectedDepositAccountBody,
  createRetailCustomerBody,
  currentAddressErrors,
  currentAddressesOf,
  type ReplaceCurrentAddressBody,
  replaceCurrentAddressBody,
} from './schemas.js';

/**
 * Spec part 2, "Retail customers and protected deposit accounts": four operations served by one function.
 * The two creates require an Idempotency-Key: the bank's only duplicate check for them is the X-Request-Id,
 * which the gateway derives from the key, so a retry after a timeout never makes a second customer or
 * account. The amend and the address replace accept a key: repeating them leaves the customer as it is.
 */
const fn = 'customers';

const customerPath = z.lazy(() => z.strictObject({ customerId: bankId('customerId') }));

export const createRetailCustomer = {
  id: 'createRetailCustomer',
  summary: 'Create a retail customer',
  description:
    'Registers a retail customer: names, date of birth, email, current address, and optionally an identity document and previous addresses.',
  method: 'POST',
  path: '/v1/customers/retail' as const,
  fn,
  body: createRetailCustomerBody,
  requiresIdempotencyKey: true,
  check: ({ body }, { now }) => {
    const create = body as CreateRetailCustomerBody;
    const list = Array.isArray(create.currentAddress);
    return currentAddressErrors(currentAddressesOf(create), now, (index) =>
      list ? `currentAddress.${index}.` : 'currentAddress.',
    );
  },
} satisfies Operation;

export const amendRetailCustomer = {
  id: 'amendRetailCustomer',
  summary: 'Amend a retail customer',
  description:
    "Changes a retail customer's names, date of birth, email, country of residence or identity document.",
  method: 'PATCH',
  path: '/v1/customers/retail/{customerId}' as const,
  pathParams: customerPath,
  fn,
  body: amendRetailCustomerBody,
} satisfies Operation;

export const replaceRetailCustomerAddress = {
  id: 'replaceRetailCustomerAddress',
  summary: "Replace a retail customer's address",
  description: "Replaces a retail customer's current address.",
  method: 'PUT',
  path: '/v1/customers/retail/{customerId}/currentaddress' as const,
  pathParams: customerPath,
  fn,
  body: replaceCurrentAddressBody,
  check: ({ body }, { now }) => currentAddressErrors([body as ReplaceCurrentAddressBody], now, () => ''),
} satisfies Operation;

export const createProtectedDepositAccount = {
  id: 'createProtectedDepositAccount',
  summary: 'Open a protected deposit account',
  description:
    "Opens a deposit account of a product for a retail customer, under one of the institution's sort codes.",
  method: 'POST',
  path: '/v4/Accounts' as const,
  fn,
  body: createProtectedDepositAccountBody,
  requiresIdempotencyKey: true,
  check: ({ body }, { overdraftAgreement }) =>
    overdraftErrors((body as CreateProtectedDepositAccountBody).minimumBalance, overdraftAgreement),
} satisfies Operation;

export const customerOperations: readonly Operation[] = [
  createRetailCustomer,
  amendRetailCustomer,
  replaceRetailCustomerAddress,
  createProtectedDepositAccount,
];
