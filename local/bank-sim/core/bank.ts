/** The simulated bank's name where it names itself: a payment's `InstitutionName`, a name check's `MatchedBank`. */
export const SIMULATED_BANK_NAME = 'Clearway Simulated Bank';

/** The simulated bank's code in every BBAN and IBAN it issues, sterling and multi-currency. */
export const SIMULATED_BANK_CODE = 'CLRB';
