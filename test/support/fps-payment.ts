/** A `POST /v3/payments/fps` body of one instruction with one credit transfer, as integration tests send it. */
export function fpsPaymentBody(payment: {
  debtorIban: string;
  endToEndId: string;
  amount: number | string;
  /** The creditor's sort code and account number (14 digits), sent as a BBAN. */
  creditorAccount: string;
}): string {
  const { debtorIban, endToEndId, amount, creditorAccount } = payment;
  return JSON.stringify({
    paymentInstructions: [
      {
        debtor: { address: '1 High Street' },
        paymentInstructionIdentification: `pi-${endToEndId}`,
        debtorAccount: { identification: { iban: debtorIban } },
        creditTransfers: [
          {
            paymentIdentification: {
              instructionIdentification: `i-${endToEndId}`,
              endToEndIdentification: endToEndId,
            },
            amount: { instructedAmount: Number(amount) },
            creditor: { name: 'Jane Smith' },
            creditorAccount: {
              identification: { other: { identification: creditorAccount, schemeName: { code: 'BBAN' } } },
            },
            remittanceInformation: { structured: { creditorReferenceInformation: { reference: 'Rent' } } },
          },
        ],
      },
    ],
  });
}
