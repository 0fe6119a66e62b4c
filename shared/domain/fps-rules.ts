import * as z from 'zod/mini';
import { positiveAmount } from './money.js';
import { boundedText, parseField } from './text-rules.js';

/** Instant payments (POST /v3/payments/fps): the spec's request field rules as zod schemas with their messages, for the gateway and the simulator. */

/**
 * The characters of instant payment text: letters, digits, / - ? : ( ) . , ’ + space # = ! ” % & * < > ; { @
 * carriage return and line feed. The quotes are the right single (U+2019) and right double (U+201D) quotes the
 * spec names; change this one pattern if the bank turns out to mean the ASCII ' and ".
 */
export const FPS_TEXT = /^[A-Za-z0-9/\-?:().,’+ #=!”%&*<>;{@\r\n]*$/;
const FPS_CHARACTERS_IN_WORDS =
  'letters, digits, space, carriage return, line feed and / - ? : ( ) . , ’ + # = ! ” % & * < > ; { @';

export const SCHEME_CREDITOR_NAME_LENGTH = 35;
export const SCHEME_REFERENCE_LENGTH = 18;
export const MAX_FPS_AMOUNT = '1000000';
export const MAX_FPS_INSTRUCTIONS = 10;

export const FPS_MESSAGES = {
  creditorNameLength: 'Creditor name must be 1 to 140 characters long.',
  creditorNameCharacters: `Creditor name may contain only ${FPS_CHARACTERS_IN_WORDS}.`,
  paymentReferenceLength: 'Payment reference must be at most 35 characters long.',
  paymentReferenceCharacters: `Payment reference may contain only ${FPS_CHARACTERS_IN_WORDS}.`,
  fpsCurrency: 'Currency must be GBP, the only currency of instant payments.',
  fpsInstructions: `paymentInstructions must hold 1 to ${MAX_FPS_INSTRUCTIONS} instructions.`,
} as const;

export const creditorName = z.lazy(() =>
  boundedText(
    { min: 1, max: 140, charset: FPS_TEXT },
    FPS_MESSAGES.creditorNameLength,
    FPS_MESSAGES.creditorNameCharacters,
  ),
);

export const paymentReference = z.lazy(() =>
  boundedText(
    { max: 35, charset: FPS_TEXT },
    FPS_MESSAGES.paymentReferenceLength,
    FPS_MESSAGES.paymentReferenceCharacters,
  ),
);

/** `amount.instructedAmount`: above 0, at most GBP 1,000,000, at most two decimals. */
export const fpsAmount = z.lazy(() => positiveAmount('GBP', { label: 'Amount', max: MAX_FPS_AMOUNT }));

export const fpsCurrency = z.lazy(() => z.literal('GBP', { error: FPS_MESSAGES.fpsCurrency }));

/** `paymentInstructions`: 1 to 10 of `item`. */
export function fpsPaymentInstructions<Item extends z.ZodMiniType>(item: Item) {
  return z
    .array(item, { error: FPS_MESSAGES.fpsInstructions })
    .check(
      z.minLength(1, FPS_MESSAGES.fpsInstructions),
      z.maxLength(MAX_FPS_INSTRUCTIONS, FPS_MESSAGES.fpsInstructions),
    );
}

/** The creditor name as it reaches the scheme: its first 35 characters. */
export function creditorNameForScheme(name: string): string {
  return parseField(creditorName, name, 'creditor.name').slice(0, SCHEME_CREDITOR_NAME_LENGTH);
}

/** The reference as it reaches the scheme: its first 18 characters; missing remittance information is ''. */
export function paymentReferenceForScheme(reference: string | undefined): string {
  if (reference === undefined) return '';
  const field = 'remittanceInformation.structured.creditorReferenceInformation.reference';
  return parseField(paymentReference, reference, field).slice(0, SCHEME_REFERENCE_LENGTH);
}
