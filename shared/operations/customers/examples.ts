import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

const customer = { customerId: '900b30fb-711c-4820-a910-07d31cfe06a5' };
const address = {
  addressType: 'ResidentialAddress',
  countryCode: 'GBR',
  buildingNameNumber: '16',
  streetName: 'Sea Road',
  city: 'Brighton',
  postalCode: 'BN1 2AB',
};

/** Example requests of the retail customer and protected deposit account operations, for the OpenAPI document. */
export const customerExamples = {
  createRetailCustomer: {
    body: {
      firstName: 'Jane',
      surname: 'Doe',
      dateOfBirth: '1990-02-28',
      email: 'jane.doe@example.com',
      countryOfResidence: 'GBR',
      currentAddress: address,
    },
  },
  amendRetailCustomer: { pathParams: customer, body: { email: 'jane.smith@example.com', surname: 'Smith' } },
  replaceRetailCustomerAddress: {
    pathParams: customer,
    body: { ...address, buildingNameNumber: 'Flat 2, 40', streetName: 'Queens Road', postalCode: 'BN1 3XE' },
  },
  createProtectedDepositAccount: {
    body: {
      owner: { name: 'Jane Doe' },
      sortCode: '040004',
      productId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      customerId: customer.customerId,
      minimumBalance: 0,
    },
  },
} satisfies ExamplesOf<typeof records>;
