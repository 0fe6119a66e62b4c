import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

/**
 * Example requests of customers v2 and retail due diligence, for the OpenAPI document: the reference's member
 * names with made-up people and companies.
 */

const customerId = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const relatedCustomerId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const customer = { customerId };

const address = {
  buildingNameNumber: '1',
  streetName: 'Example Street',
  city: 'London',
  postalCode: 'EC2V 8RT',
  country: 'GBR',
  validFrom: '2020-01-01',
};
const kycAml = { sanctions: false, pep: 'No', rca: 'No', craRating: 'LowRisk' };
const taxResidencies = [{ countryOfTaxResidence: 'GBR', taxIdNumber: 'AB123456C' }];
const person = { firstName: 'Jane', surname: 'Smith', countryOfResidence: 'GBR' };

export const customerV2Examples = {
  getCustomerV2: { pathParams: customer },
  listRelatedParties: { pathParams: customer },
  addRelatedParty: {
    pathParams: customer,
    body: { relatedCustomerId, relatedPartyType: 'UBO', ownershipPercentage: 30 },
  },
  removeRelatedParty: { pathParams: { customerId, relatedCustomerId, relatedPartyType: 'UBO' } },
  addCurrentAddressV2: { pathParams: customer, body: { addressType: 'ResidentialAddress', ...address } },
  putIdentityDocument: {
    pathParams: { customerId, identityDocument: 'GBR-Passport' },
    body: { idNumber: '123456789', idExpiryDate: '2030-06-30' },
  },
  deleteIdentityDocument: { pathParams: { customerId, identityDocument: 'GBR-Passport' } },
  putTaxResidency: {
    pathParams: { customerId, countryOfTaxResidence: 'GBR' },
    body: { taxIdNumber: 'AB123456C' },
  },
  deleteTaxResidency: { pathParams: { customerId, countryOfTaxResidence: 'IRL' } },
  createRetailCustomerV2: {
    body: {
      personalDetails: { ...person, dateOfBirth: '1990-04-12', email: 'jane.smith@example.com' },
      identityDocuments: [
        { idCountryOfIssue: 'GBR', idType: 'Passport', idNumber: '123456789', idExpiryDate: '2030-06-30' },
      ],
      addressHistory: { currentAddress: { addressType: 'ResidentialAddress', ...address } },
      kycAml,
      taxDetails: { validSelfCertification: true, usPerson: 'NotAUSPerson', taxResidencies },
    },
  },
  amendRetailCustomerV2: {
    pathParams: customer,
    body: { personalDetails: { email: 'jane@example.com' }, kycAml: { craRating: 'MediumRisk' } },
  },
  createSoleTrader: {
    body: {
      addressHistory: { currentAddresses: [{ addressType: 'TradingAddress', ...address }] },
      personalDetails: { ...person, dateOfBirth: '1985-09-01', nationalIdentificationNumber: 'AB123456C' },
      businessDetails: { tradingName: 'Smith Plumbing', annualRevenue: 85000.0 },
      businessClassification: {
        sectorCode: '_8b_UnincorporatedBusinessesOtherThanLLPs',
        industryClassification: '_6E_OtherConstructionActivities',
      },
      kycAml,
      taxDetails: { validSelfCertification: true, usPerson: 'NotAUSPerson', taxResidencies },
    },
  },
  amendSoleTrader: {
    pathParams: customer,
    body: { businessDetails: { tradingName: 'Smith and Sons Plumbing' } },
  },
  createLegalEntity: {
    body: {
      businessDetails: {
        tradingName: 'Acme',
        registeredName: 'Acme Widgets Ltd',
        registrationNumber: '01234567',
        countryOfRegistration: 'GBR',
        annualRevenue: 1250000,
      },
      businessClassification: {
        sectorCode: '_7_NonFinancialCorporationsOtherThanPublicCorporations',
        industryClassification: '_4H_OtherManufacturing',
        aeoiClassification: 'ActiveNonFinancialEntity',
        sicCodes: ['32990'],
      },
      addressHistory: {
        currentAddresses: [
          { addressType: 'TradingAddress', ...address },
          { addressType: 'RegisteredAddress', ...address },
        ],
      },
      kycAml,
      taxDetails: {
        validSelfCertification: true,
        usPerson: 'NotAUSPerson',
        taxResidencies: [{ countryOfTaxResidence: 'GBR', taxIdNumber: '1234567890' }],
        nameOfSelfCertificationSignee: 'Jane Smith',
        positionOfSelfCertificationSignee: 'Director',
      },
    },
  },
  amendLegalEntity: {
    pathParams: customer,
    body: { businessClassification: { sicCodes: ['32990', '46900'] } },
  },
  createDirector: { body: { customerId, personalDetails: person } },
  amendDirector: { pathParams: customer, body: { personalDetails: { countryOfResidence: 'IRL' } } },
  createControllingPerson: {
    body: {
      customerId,
      controllingPersonType: 'LegalPerson_SeniorManagingOfficial',
      personalDetails: { firstName: 'Jane', surname: 'Smith', dateOfBirth: '1975-02-20' },
      currentAddress: { addressType: 'ResidentialAddress', ...address },
      taxDetails: { validSelfCertification: true, usPerson: 'NotAUSPerson', taxResidencies },
    },
  },
  amendControllingPerson: { pathParams: customer, body: { controllingPersonType: 'LegalPerson_Ownership' } },
  createUbo: {
    body: {
      customerId,
      ownershipPercentage: 40,
      uboType: 'NaturalPerson',
      personalDetails: { ...person, dateOfBirth: '1970-11-05' },
    },
  },
  amendUbo: {
    pathParams: customer,
    body: { uboType: 'NaturalPerson', personalDetails: { countryOfResidence: 'FRA' } },
  },
  onboardRetailCustomer: {
    body: {
      customerData: {
        name: { firstName: 'Jane', surname: 'Smith' },
        dateOfBirth: '1990-04-12',
        nationality: ['GBR'],
        taxResidency: ['GBR'],
        nationalInsuranceNumber: 'AB123456C',
        email: 'jane.smith@example.com',
        mobile: '+447700900123',
        currentAddress: {
          buildingNumber: '1',
          streetName: 'Example Street',
          city: 'London',
          postalCode: 'EC2V 8RT',
          countryCode: 'GBR',
        },
      },
    },
  },
} satisfies ExamplesOf<typeof records>;
