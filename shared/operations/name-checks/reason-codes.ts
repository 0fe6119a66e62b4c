/**
 * The Pay.UK Confirmation of Payee reason codes a name-verification answer carries (`ReasonCode`, with
 * `ReasonCodeDescription`), absent on a full match. One table for the simulator and the gateway.
 */
export const NAME_CHECK_REASON_CODES = {
  ANNM: 'Account name does not match.',
  MBAM: 'The name is a close match to the account name.',
  BANM: 'The name matches, but the account is a business account, not a personal one.',
  PANM: 'The name matches, but the account is a personal account, not a business one.',
  BAMM: 'The name is a close match, and the account is a business account, not a personal one.',
  PAMM: 'The name is a close match, and the account is a personal account, not a business one.',
  AC01: 'The account does not exist.',
  IVCR: 'Secondary reference data is required to identify the account, or the one given is not valid.',
  ACNS: 'The account is not supported for name checks.',
  OPTO: 'The account holder has opted out of name checks.',
  CASS: 'The account has been switched to another provider.',
} as const;

export type NameCheckReasonCode = keyof typeof NAME_CHECK_REASON_CODES;
export const nameCheckReasonCodes = Object.keys(NAME_CHECK_REASON_CODES) as NameCheckReasonCode[];
