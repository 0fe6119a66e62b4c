import type { RetailCustomerDetails } from '../customers-v2/graph.js';

/**
 * The onboarding request's `customerData` (`know-your-customer-v1.json`, checked by the operation's rules
 * before the handler), and the retail customer the bank registers from it when the checks pass, in the
 * shape of `POST /customers/v2/retail` (both name countries ISO 3166-1 alpha-3).
 */
export interface OnboardingCustomerData {
  name: { firstName: string; middleName?: string | null | undefined; surname: string };
  dateOfBirth: string;
  nationality: string[];
  taxResidency: string[];
  nationalInsuranceNumber: string;
  email: string;
  mobile?: string | null | undefined;
  currentAddress: {
    buildingName?: string | null | undefined;
    buildingNumber?: string | null | undefined;
    subBuilding?: string | null | undefined;
    streetName: string;
    city?: string | null | undefined;
    county?: string | null | undefined;
    postalCode: string;
    countryCode: string;
  };
  idvEmailsEnabled?: boolean | undefined;
}

/**
 * The customer a passed check creates. The service only takes UK residents with UK tax residency who are not
 * US persons (the guide's callout), and its checks passed: no sanctions, no PEP or RCA, low risk, a valid
 * self-certification. The v2 telephone is `00` and digits, so a mobile without its `+` country code is left
 * out; the documents the customer uploaded carry no number here, so no identity document is recorded.
 */
export function retailCustomerDetails(data: OnboardingCustomerData): RetailCustomerDetails {
  const address = data.currentAddress;
  const buildingNameNumber =
    [address.subBuilding, address.buildingNumber, address.buildingName]
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
      .join(' ')
      .slice(0, 100) || null;
  const telephone = data.mobile?.startsWith('+') ? `00${data.mobile.slice(1)}` : null;
  return {
    personalDetails: {
      firstName: data.name.firstName,
      middleName: data.name.middleName ?? null,
      surname: data.name.surname,
      dateOfBirth: data.dateOfBirth,
      email: data.email,
      telephone,
      countryOfResidence: address.countryCode,
      nationalIdentificationNumber: data.nationalInsuranceNumber,
    },
    addressHistory: {
      currentAddress: {
        addressType: 'ResidentialAddress',
        buildingNameNumber,
        streetName: address.streetName,
        city: address.city ?? null,
        county: address.county ?? null,
        postalCode: address.postalCode,
        country: address.countryCode,
      },
    },
    kycAml: { sanctions: false, pep: 'No', rca: 'No', craRating: 'LowRisk' },
    taxDetails: {
      validSelfCertification: true,
      usPerson: 'NotAUSPerson',
      taxResidencies: data.taxResidency.map((country) => ({
        countryOfTaxResidence: country,
        ...(country === 'GBR'
          ? { taxIdNumber: data.nationalInsuranceNumber }
          : { noTaxIdReason: 'UnableToObtain' }),
      })),
    },
  };
}
