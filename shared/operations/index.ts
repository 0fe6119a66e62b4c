import { customerOperations } from './customers/operations.js';
import { directDebitOperations } from './direct-debits/operations.js';
import { fxOperations } from './fx/operations.js';
import { mccyAccountOperations } from './mccy-accounts/operations.js';
import { mccyPaymentOperations } from './mccy-payments/operations.js';
import { nameCheckOnboardingOperations } from './name-check-onboarding/operations.js';
import type { Operation } from './operation.js';
import { nameCheckOperations } from './name-checks/operations.js';
import { paymentOperations } from './payments/operations.js';
import { sterlingAccountOperations } from './sterling-accounts/operations.js';
import { testOperations } from './test.js';

/** Every bank operation the gateway mirrors. */
export const operations: readonly Operation[] = [
  ...testOperations,
  ...sterlingAccountOperations,
  ...paymentOperations,
  ...customerOperations,
  ...nameCheckOperations,
  ...nameCheckOnboardingOperations,
  ...directDebitOperations,
  ...mccyAccountOperations,
  ...fxOperations,
  ...mccyPaymentOperations,
];

export function operationsOf(fn: string): Operation[] {
  return operations.filter((operation) => operation.fn === fn);
}
