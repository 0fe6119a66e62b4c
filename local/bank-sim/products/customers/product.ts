import { randomUUID } from 'node:crypto';
import {
  amendRetailCustomer,
  createProtectedDepositAccount,
  createRetailCustomer,
  replaceRetailCustomerAddress,
} from '#shared/operations/customers/operations.js';
import {
  type AmendRetailCustomerBody,
  type CurrentAddress,
  currentAddressesOf,
  type PreviousAddress,
  type ReplaceCurrentAddressBody,
} from '#shared/operations/customers/schemas.js';
import { balanceOf } from '#sim/core/ledger.js';
import { TITLES } from '#sim/core/problems.js';
import { defineState } from '#sim/core/state.js';
import type { Product } from '#sim/core/product.js';
import type { RouteContext, SimResponse } from '#sim/core/types.js';
import { accountHolderOfInstitution, holderName } from '../customers-v2/graph.js';
import { defined, openRealAccount } from '../sterling-accounts/accounts.js';

export interface RetailCustomer extends AmendRetailCustomerBody {
  id: string;
  institutionId: string;
  firstName: string;
  surname: string;
  currentAddress: CurrentAddress | ReplaceCurrentAddressBody;
  previousAddresses: PreviousAddress[];
}

/** Every retail customer of every institution, by id. */
export const customers = defineState('customers', () => new Map<string, RetailCustomer>());

/**
 * Spec part 2, "Retail customers and protected deposit accounts". A create answers 201 `{id}`; an amend
 * 204; a new current address 201 with no body, the old one kept as a previous address ending now.
 * `POST /v4/Accounts` opens a real current account in the sterling accounts' book for a customer of the
 * institution (funded by the ledger, announced by `AccountCreated`) and answers it flat.
 */
export const customersProduct: Product = {
  name: 'customers',
  bankRoutes(bank) {
    bank.operation(createRetailCustomer, (ctx) => {
      const { currentAddress: _, previousAddresses, ...details } = ctx.body;
      // The reference's list form: the first is the current address, the others are kept as previous ones.
      const [current, ...earlier] = currentAddressesOf(ctx.body) as [CurrentAddress, ...CurrentAddress[]];
      const customer: RetailCustomer = {
        id: randomUUID(),
        institutionId: ctx.institution.id,
        ...details,
        currentAddress: current,
        previousAddresses: [...earlier, ...(previousAddresses ?? [])],
      };
      ctx.state.get(customers).set(customer.id, customer);
      return ctx.json(201, { id: customer.id });
    });

    bank.operation(amendRetailCustomer, (ctx) =>
      withCustomer(ctx, (customer) => {
        Object.assign(customer, defined(ctx.body));
        return { status: 204 };
      }),
    );

    bank.operation(replaceRetailCustomerAddress, (ctx) =>
      withCustomer(ctx, (customer) => {
        const ended = { ...customer.currentAddress, validTo: ctx.now().toISOString() };
        customer.previousAddresses.unshift(ended);
        customer.currentAddress = ctx.body;
        return { status: 201 };
      }),
    );

    bank.operation(createProtectedDepositAccount, (ctx) => {
      const { owner, sortCode, productId, customerId, minimumBalance } = ctx.body;
      const customer = ctx.state.get(customers).get(customerId);
      // A v2 account holder (retail, sole trader, legal entity) opens one too.
      const v2 = accountHolderOfInstitution(ctx.state, ctx.institution.id, customerId);
      if ((!customer || customer.institutionId !== ctx.institution.id) && !v2) {
        return ctx.problem(400, TITLES.validation, 'the request is not valid', {
          customerId: [`no retail customer ${customerId}`],
        });
      }
      const holder =
        customer && customer.institutionId === ctx.institution.id
          ? [customer.firstName, customer.middleName, customer.surname].filter(Boolean).join(' ')
          : holderName(v2!);
      // As sterling-v4.json's example: the account is named "Current Account", labelled with its holder.
      const account = openRealAccount(ctx, {
        name: 'Current Account',
        label: owner?.name || holder,
        sortCode,
        customerId,
        productId,
        minimumBalance: minimumBalance?.toNumber() ?? 0,
      });
      const { id, label, iban, bban, upic, cuid } = account;
      const balance = balanceOf(ctx.state, id).amount.toNumber();
      return ctx.json(201, {
        id,
        name: account.name,
        label,
        type: 'CACC',
        currency: ['GBP'],
        balances: [{ name: account.name, amount: balance, currency: 'GBP', status: 'VALU' }],
        productId,
        customerId,
        minimumBalance: account.minimumBalance,
        iban,
        bban,
        upic,
        cuid,
      });
    });
  },
};

/** The institution's customer named by the path, or 404 (another institution's customer is not found). */
function withCustomer(
  ctx: RouteContext<unknown, { customerId: string }>,
  then: (customer: RetailCustomer) => SimResponse,
): SimResponse {
  const customer = ctx.state.get(customers).get(ctx.params.customerId);
  if (!customer || customer.institutionId !== ctx.institution.id) {
    return ctx.problem(404, TITLES.notFound, `no retail customer ${ctx.params.customerId}`);
  }
  return then(customer);
}
