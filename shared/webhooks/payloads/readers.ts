/**
 * What the gateway reads from a payload as received (not checked against its schema): the records' identity
 * rules (`nestedKey` in `./payments.ts`, `./fx.ts` and `./customers.ts`) and the state trackers
 * (`shared/payments/read.ts`, `shared/fx/webhook-hook.ts`). Apart from the schemas, so that a reader does not
 * build them all.
 */

/**
 * The transfers a payment message failure names: the `EndToEndId` of each `ValidationFailure` /
 * `AssesmentFailure` entry (the pages' examples give an array, the assessment table an object).
 */
export function failedEndToEndIds(failures: unknown): string[] {
  const entries = Array.isArray(failures) ? failures : [failures];
  return entries.flatMap((entry) => {
    const endToEndId = isObject(entry) ? (entry as { EndToEndId?: unknown }).EndToEndId : undefined;
    return typeof endToEndId === 'string' && endToEndId !== '' ? [endToEndId] : [];
  });
}

/**
 * `WillBeRetried` of `Fx.Trade.Settlement.Failed` as the bank writes it: a boolean (its table) or the text
 * `true` (its example); absent is false (the page's default).
 */
export function settlementWillBeRetried(payload: Record<string, unknown>): boolean {
  const flag = payload.WillBeRetried;
  return flag === true || (typeof flag === 'string' && flag.toLowerCase() === 'true');
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `action` names of a `RetailCustomer.AdditionalInfoRequired` payload's `RequiredActions`, sorted and
 * joined with `+` (`CustomerIdentificationDocumentUpload+CustomerProofOfAddressDocumentUpload`); undefined
 * when it names none. Never the `url`s: each carries the customer's upload session, and the key is logged.
 */
export function requiredActionNames(payload: Record<string, unknown>): string | undefined {
  const actions = Array.isArray(payload.RequiredActions) ? (payload.RequiredActions as unknown[]) : [];
  const names = actions.flatMap((entry) => {
    const action = isObject(entry) ? (entry as { action?: unknown }).action : undefined;
    return typeof action === 'string' && action !== '' ? [action] : [];
  });
  return names.length > 0 ? [...new Set(names)].sort().join('+') : undefined;
}
