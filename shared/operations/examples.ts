import { camt053Examples } from './camt053/examples.js';
import { chapsExamples } from './chaps/examples.js';
import { customerExamples } from './customers/examples.js';
import { customerV2Examples } from './customers-v2/examples.js';
import { directDebitExamples } from './direct-debits/examples.js';
import { fxExamples } from './fx/examples.js';
import { mccyAccountExamples } from './mccy-accounts/examples.js';
import { mccyPaymentExamples } from './mccy-payments/examples.js';
import { nameCheckOnboardingExamples } from './name-check-onboarding/examples.js';
import { nameCheckExamples } from './name-checks/examples.js';
import { paymentExamples } from './payments/examples.js';
import { savingsExamples } from './savings/examples.js';
import { sterlingAccountExamples } from './sterling-accounts/examples.js';
import { sterlingExtraExamples } from './sterling-extras/examples.js';
import { testExamples } from './test-examples.js';

/**
 * An example request per operation id (each domain's `examples.ts`), which the OpenAPI document shows and a
 * test passes through the gateway's checks. Only the document loads them, never a function.
 */
export const operationExamples = {
  ...testExamples,
  ...sterlingAccountExamples,
  ...sterlingExtraExamples,
  ...savingsExamples,
  ...paymentExamples,
  ...customerExamples,
  ...customerV2Examples,
  ...nameCheckExamples,
  ...nameCheckOnboardingExamples,
  ...directDebitExamples,
  ...mccyAccountExamples,
  ...mccyPaymentExamples,
  ...fxExamples,
  ...chapsExamples,
  ...camt053Examples,
} as const;
