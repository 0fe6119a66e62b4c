import { nameCheckOnboardingOperations } from './name-check-onboarding/operations.js';
import type { Operation } from './operation.js';
import { paymentOperations } from './payments/operations.js';
import { sterlingAccountOperations } from './sterling-accounts/operations.js';
import { testOperations } from './test.js';

/** Every bank operation the gateway mirrors. */
export const operations: readonly Operation[] = [
  ...testOperations,
  ...sterlingAccountOperations,
  ...paymentOperations,
  ...nameCheckOnboardingOperations,
];

export function operationsOf(fn: string): Operation[] {
  return operations.filter((operation) => operation.fn === fn);
}
