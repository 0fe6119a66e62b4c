import type * as camt053 from './camt053/operations.js';
import { camt053Operations } from './camt053/operations.js';
import type * as chaps from './chaps/operations.js';
import { chapsOperations } from './chaps/operations.js';
import type * as customers from './customers/operations.js';
import { customerOperations } from './customers/operations.js';
import type * as customersV2 from './customers-v2/operations.js';
import { customerV2Operations } from './customers-v2/operations.js';
import type * as directDebits from './direct-debits/operations.js';
import { directDebitOperations } from './direct-debits/operations.js';
import type * as fx from './fx/operations.js';
import { fxOperations } from './fx/operations.js';
import type * as mccyAccounts from './mccy-accounts/operations.js';
import { mccyAccountOperations } from './mccy-accounts/operations.js';
import type * as mccyPayments from './mccy-payments/operations.js';
import { mccyPaymentOperations } from './mccy-payments/operations.js';
import type * as nameCheckOnboarding from './name-check-onboarding/operations.js';
import { nameCheckOnboardingOperations } from './name-check-onboarding/operations.js';
import type { Operation } from './operation.js';
import type * as nameChecks from './name-checks/operations.js';
import { nameCheckOperations } from './name-checks/operations.js';
import type * as payments from './payments/operations.js';
import { paymentOperations } from './payments/operations.js';
import type * as savings from './savings/operations.js';
import { savingsOperations } from './savings/operations.js';
import type * as sterlingAccounts from './sterling-accounts/operations.js';
import { sterlingAccountOperations } from './sterling-accounts/operations.js';
import type * as sterlingExtras from './sterling-extras/operations.js';
import { sterlingExtraOperations } from './sterling-extras/operations.js';
import type * as test from './test.js';
import { testOperations } from './test.js';

/** Every bank operation the gateway mirrors. */
export const operations: readonly Operation[] = [
  ...testOperations,
  ...sterlingAccountOperations,
  ...sterlingExtraOperations,
  ...savingsOperations,
  ...paymentOperations,
  ...customerOperations,
  ...customerV2Operations,
  ...nameCheckOperations,
  ...nameCheckOnboardingOperations,
  ...directDebitOperations,
  ...mccyAccountOperations,
  ...fxOperations,
  ...mccyPaymentOperations,
  ...chapsOperations,
  ...camt053Operations,
];

export function operationsOf(fn: string): Operation[] {
  return operations.filter((operation) => operation.fn === fn);
}

/** A domain module's operation records, by export name (each record is exported under its id). */
type RecordsOf<Module> = {
  [Name in keyof Module as Module[Name] extends Operation ? Name : never]: Module[Name];
};

/**
 * Every record by its id, with its own types (schemas, method, path): the typed client's methods. A record's
 * `id` is plain text in its type, so the domain modules' export names carry it; a test holds each listed
 * operation to an export of its id, so a domain listed above and missing here fails it.
 */
export type OperationsById = RecordsOf<typeof test> &
  RecordsOf<typeof sterlingAccounts> &
  RecordsOf<typeof sterlingExtras> &
  RecordsOf<typeof savings> &
  RecordsOf<typeof payments> &
  RecordsOf<typeof customers> &
  RecordsOf<typeof customersV2> &
  RecordsOf<typeof nameChecks> &
  RecordsOf<typeof nameCheckOnboarding> &
  RecordsOf<typeof directDebits> &
  RecordsOf<typeof mccyAccounts> &
  RecordsOf<typeof mccyPayments> &
  RecordsOf<typeof fx> &
  RecordsOf<typeof chaps> &
  RecordsOf<typeof camt053>;
