/** A valid multi-currency batch body for tests: `count` EUR transactions, overridable at the top level. */
export function mccyBatchBody(overrides: Record<string, unknown> = {}, count = 1): Record<string, unknown> {
  return {
    batchId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    currencyCode: 'EUR',
    transactions: Array.from({ length: count }, (_, index) =>
      mccyTransaction({ endToEndId: `e2e-${index + 1}` }),
    ),
    ...overrides,
  };
}

export function mccyTransaction(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    endToEndId: 'e2e-1',
    reference: 'Invoice 42',
    amount: 100.55,
    creditor: {
      name: 'Hans Muster',
      address: { addressLine1: 'Hauptstrasse 1', addressLine2: 'Berlin', postCode: '10115', country: 'DE' },
      iban: 'DE89370400440532013000',
    },
    debtorName: 'Acme Ltd',
    debtorAddress: {
      addressLine1: '1 High Street',
      addressLine2: 'London',
      postCode: 'EC1A 1BB',
      country: 'GB',
    },
    accountIdentifier: { kind: 'AccountId', identifier: '50daac8a-72c3-4ae5-a6e3-e71b6187dbef' },
    debtorAccountCurrency: 'EUR',
    ...overrides,
  };
}
