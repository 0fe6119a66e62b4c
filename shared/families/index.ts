import { accountClosuresFamily } from '../account-closures/family.js';
import { fxFamily } from '../fx/family.js';
import { mccyPaymentsFamily } from '../mccy-payments/family.js';
import { nameChecksFamily } from '../name-checks/family.js';
import { paymentsFamily } from '../payments/family.js';
import { statementsFamily } from '../statements/family.js';
import { infrastructureTables } from '../config/tables.js';
import type { FamilyDefinition } from './definition.js';

const definitions = [
  paymentsFamily,
  nameChecksFamily,
  fxFamily,
  mccyPaymentsFamily,
  statementsFamily,
  accountClosuresFamily,
] as const satisfies readonly FamilyDefinition[];

/** The definitions with their own types: their reads' ids and paths as literals (the typed client). */
export type Families = typeof definitions;

/** Every stateful family: a new one is its folder and one line here. */
export const families: readonly FamilyDefinition[] = definitions;

/** Every table: the infrastructure's (idempotency, inbox, attention) and each family's. */
export const tables = [...infrastructureTables, ...families.flatMap((family) => family.table ?? [])];
