import type { Operation } from './operation.js';
import { sterlingAccountOperations } from './sterling-accounts/operations.js';
import { testOperations } from './test.js';

/** Every bank operation the gateway mirrors. */
export const operations: readonly Operation[] = [...testOperations, ...sterlingAccountOperations];

export function operationsOf(fn: string): Operation[] {
  return operations.filter((operation) => operation.fn === fn);
}
