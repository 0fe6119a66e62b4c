import type { Operation } from './operation.js';
import { testOperations } from './test.js';

/** Every bank operation the gateway mirrors. */
export const operations: readonly Operation[] = [...testOperations];

export function operationsOf(fn: string): Operation[] {
  return operations.filter((operation) => operation.fn === fn);
}
