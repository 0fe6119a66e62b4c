import type { Decimal } from 'decimal.js';
import { ENV, type EnvName } from '../config/function-environment.js';
import { MoneyDecimal } from '../domain/money.js';
import { DEFAULT_NAME_CHECK_TTL_HOURS, isNoMatch, type NameCheckOutcome } from './outcome.js';

/**
 * What the gateway does with a payment's name check, per environment. Off by default: the outcome is only
 * recorded on the payment. `refuse-no-match` refuses a payment whose creditor account was checked under its
 * end-to-end id with "no match" (`ANNM`), and, with `requireAbove`, one above that amount whose creditor
 * account was never checked (a check of another account does not count).
 */
export type NameCheckPolicy =
  { mode: 'off' } | { mode: 'refuse-no-match'; /** Decimal text. */ requireAbove?: string };

export const NAME_CHECK_POLICY_MODES = ['off', 'refuse-no-match'] as const;

export class NameCheckPolicyError extends Error {
  override readonly name = 'NameCheckPolicyError';
}

/**
 * The policy from its two settings as text (context, environment); throws naming the setting. `names`
 * says how the caller's settings are called, so the message names them.
 */
export function parseNameCheckPolicy(
  mode: string | undefined,
  requireAbove: string | undefined,
  names: { mode: string; requireAbove: string },
): NameCheckPolicy {
  const chosen = mode === undefined || mode === '' ? 'off' : mode;
  if (chosen !== 'off' && chosen !== 'refuse-no-match')
    throw new NameCheckPolicyError(`${names.mode} must be off or refuse-no-match, got "${chosen}".`);
  const above = requireAbove === undefined || requireAbove === '' ? undefined : requireAbove;
  if (chosen === 'off') {
    if (above !== undefined)
      throw new NameCheckPolicyError(`${names.requireAbove} needs ${names.mode}=refuse-no-match.`);
    return { mode: 'off' };
  }
  if (above === undefined) return { mode: 'refuse-no-match' };
  if (!/^\d+(\.\d+)?$/.test(above))
    throw new NameCheckPolicyError(
      `${names.requireAbove} must be an amount such as 1000 or 250.50, got "${above}".`,
    );
  return { mode: 'refuse-no-match', requireAbove: above };
}

/** Why the policy refuses this payment, or undefined when it may go to the bank. */
export function policyRefusal(
  policy: NameCheckPolicy,
  payment: { amount?: string },
  check: NameCheckOutcome | undefined,
): string | undefined {
  if (policy.mode === 'off') return undefined;
  if (check !== undefined) {
    return isNoMatch(check)
      ? `its name check answered no match (${check.outcome}) at ${check.checkedAt}`
      : undefined;
  }
  if (policy.requireAbove === undefined) return undefined;
  const amount = amountOf(payment.amount);
  // An amount the tracker cannot read is treated as above the threshold: refusing is the safe side.
  if (amount === undefined || amount.greaterThan(policy.requireAbove))
    return `its creditor account was never name-checked with this end-to-end id and its amount ${payment.amount ?? '(unknown)'} is above ${policy.requireAbove}`;
  return undefined;
}

function amountOf(text: string | undefined): Decimal | undefined {
  if (text === undefined) return undefined;
  try {
    return new MoneyDecimal(text);
  } catch {
    return undefined;
  }
}

/** How many hours a check counts, from its setting as text (empty: 24); whole hours from 1 to a year. */
export function parseNameCheckTtlHours(value: string | number | undefined, name: string): number {
  if (value === undefined || value === '') return DEFAULT_NAME_CHECK_TTL_HOURS;
  const hours = Number(value);
  if (!/^\d+$/.test(String(value)) || hours < 1 || hours > 8760)
    throw new NameCheckPolicyError(`${name} must be whole hours from 1 to 8760, got "${String(value)}".`);
  return hours;
}

/**
 * A name-check configuration as the variables the stack sets on the functions (and the sandbox gives them),
 * which `parseNameCheckPolicy` and `parseNameCheckTtlHours` read back.
 */
export function nameCheckVariables(nameChecks: {
  ttlHours: number;
  policy: NameCheckPolicy;
}): Partial<Record<EnvName, string>> {
  const { policy, ttlHours } = nameChecks;
  return {
    [ENV.nameCheckPolicy]: policy.mode,
    ...(policy.mode === 'refuse-no-match' &&
      policy.requireAbove !== undefined && { [ENV.nameCheckRequireAbove]: policy.requireAbove }),
    [ENV.nameCheckTtlHours]: String(ttlHours),
  };
}
