import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

/**
 * Example requests of CHAPS, GBP cross-border and the inbound CHAPS simulator, for the OpenAPI document: the
 * reference's own examples (`chaps-v6.json`, `cross-border-v4.json`; the guides' payloads for the simulator),
 * completed with the members their schemas require that they leave out (postal addresses, the institutions'
 * LEIs) and, for the simulator, written in its v3 shape.
 */

const london = { townName: 'London', country: 'GB', postCode: 'EC2V 8RT' };

export const chapsExamples = {
  createChapsCustomerPayment: {
    body: {
      instructionIdentification: 'INSTR-CUST-001',
      endToEndIdentification: 'E2E-CUST-001',
      interBankSettlementAmount: { amount: 1000, currency: 'GBP' },
      sourceAccount: { iban: 'GB29NWBK60161331926819' },
      debtorAccount: { schemeName: 'SortcodeAccountNumber', identification: '040004-12345678' },
      debtor: {
        name: 'Jane Smith',
        postalAddress: { buildingNumber: '12', streetName: 'Example Street', ...london },
        privateIdentifier: { otherIdentification: 'AB123456C' },
      },
      creditorAccount: { schemeName: 'SortcodeAccountNumber', identification: '200000-55779911' },
      creditor: { name: 'Bob Jones', postalAddress: london },
      purpose: 'SALA',
      categoryPurpose: 'SALA',
      remittanceInformation: { creditorReferenceInformation: 'INV-2026-001' },
    },
  },
  createChapsInstitutionPayment: {
    body: {
      instructionIdentification: 'INSTR-INST-001',
      endToEndIdentification: 'E2E-INST-001',
      interBankSettlementAmount: { amount: 100000, currency: 'GBP' },
      sourceAccount: { iban: 'GB29NWBK60161331926819' },
      debtor: {
        name: 'Acme Bank Ltd',
        postalAddress: { buildingName: 'ClearBank House', ...london },
        lei: '5493001KJH8B2Q3L5X79',
      },
      creditorAccount: { schemeName: 'SortcodeAccountNumber', identification: '040004-12345678' },
      creditor: {
        name: 'Example Financial Institution',
        postalAddress: { townName: 'Leeds', country: 'GB', postCode: 'LS1 4AP' },
        lei: '213800D1EI4B9WTWWD28',
      },
      purpose: 'TREA',
      categoryPurpose: 'TREA',
      remittanceInformation: { unstructured: 'Treasury transfer 2026-11-30' },
    },
  },
  createChapsReturnPayment: {
    body: {
      paymentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      reason: 'AC04',
      instructionIdentification: 'RETURN-001',
    },
  },
  createCrossBorderPayment: {
    body: {
      instructionIdentification: 'XBDR-001',
      endToEndIdentification: 'XBE2E-001',
      interBankSettlementAmount: { amount: 5000, currency: 'GBP' },
      sourceAccount: { iban: 'GB29NWBK60161331926819' },
      debtorAccount: { schemeName: 'SortcodeAccountNumber', identification: '040004-12345678' },
      debtor: {
        name: 'Acme Corporation Ltd',
        postalAddress: { buildingNumber: '40', streetName: 'Example Street', ...london },
        organisationIdentifier: { otherIdentification: '12345678' },
      },
      creditorAccount: { iban: 'DE89370400440532013000' },
      creditor: {
        name: 'Hans Mueller',
        postalAddress: {
          buildingNumber: '38',
          streetName: 'Gotthardstrasse',
          townName: 'Chemnitz',
          country: 'DE',
          postCode: '09052',
        },
        privateIdentifier: { otherIdentification: '568237456' },
      },
      creditorAgent: { bic: 'DEUTDEDB' },
      purpose: 'TRAD',
      categoryPurpose: 'TRAD',
      remittanceInformation: { creditorReferenceInformation: 'INVOICE20261130' },
    },
  },
  simulateInboundChapsCustomerPayment: {
    body: {
      instructionIdentification: '12345678TEST1234567899100',
      endToEndIdentification: '12345678TEST12345678100',
      interBankSettlementAmount: { amount: 1001, currency: 'GBP' },
      instructingAgentBic: 'LOYDGB22XXX',
      debtorAccount: { iban: 'GB71CPBK08929969687998' },
      debtor: {
        name: 'Name 1',
        postalAddress: {
          buildingNumber: 'No 12',
          buildingName: 'LL House',
          streetName: 'StreetName Value 5',
          townName: 'TownName Value 6',
          country: 'GB',
          postCode: 'NN4 5QQ',
        },
      },
      creditorAccount: { iban: 'GB86CLRB04056810005205' },
      creditor: {
        name: 'Name 2',
        postalAddress: {
          buildingNumber: 'No 27',
          buildingName: 'AA House',
          streetName: 'StreetName Value 20',
          townName: 'TownName Value 21',
          country: 'GB',
          postCode: 'CC9 0FF',
        },
      },
      purpose: 'CASH',
      categoryPurpose: 'CASH',
    },
  },
  simulateInboundChapsInstitutionPayment: {
    body: {
      instructionIdentification: '202609190123456',
      endToEndIdentification: 'E2E202609190123456',
      interBankSettlementAmount: { amount: 250000, currency: 'GBP' },
      debtorAccount: { schemeName: 'SortCodeAccountNumber', identification: '601613319269' },
      debtorBic: 'BARCGB22XXX',
      debtor: {
        name: 'Bank of Example Ltd',
        postalAddress: { townName: 'London', country: 'GB', postCode: 'E1 8QS' },
        lei: '5493001KJH8B2Q3L5X79',
      },
      creditorBic: 'CLRBGB22XXX',
      creditorAccount: { iban: 'GB86CLRB04056810005205' },
      creditor: {
        name: 'Example Institution plc',
        postalAddress: london,
        lei: '213800D1EI4B9WTWWD28',
      },
      purpose: 'LIMA',
      categoryPurpose: 'CASH',
      remittanceInformation: { unstructured: 'Liquidity transfer' },
    },
  },
  simulateInboundChapsReturnPayment: {
    body: {
      paymentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      reason: 'AC04',
      instructionIdentification: 'RETURN-001',
      returnedInterBankSettlementAmount: { amount: 1000, currency: 'GBP' },
    },
  },
} satisfies ExamplesOf<typeof records>;
