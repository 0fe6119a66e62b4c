import { fxFamily } from '../fx/family.js';
import { mccyPaymentsFamily } from '../mccy-payments/family.js';
import { nameChecksFamily } from '../name-checks/family.js';
import { paymentsFamily } from '../payments/family.js';
import { statementsFamily } from '../statements/family.js';
import { infrastructureTables } from '../config/tables.js';
import type { FamilyDefinition } from './definition.js';

/** Every stateful family: a new one is its folder and one line here. */
export const families = [
  paymentsFamily,
  nameChecksFamily,
  fxFamily,
  mccyPaymentsFamily,
  statementsFamily,
] as const satisfies readonly FamilyDefinition[];

/** Every table: the infrastructure's (idempotency, inbox, attention) and each family's. */
export const tables = [
  ...infrastructureTables,
  ...(families as readonly FamilyDefinition[]).flatMap((family) => family.table ?? []),
];
