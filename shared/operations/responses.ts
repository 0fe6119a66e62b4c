import { camt053Responses } from './camt053/responses.js';
import { chapsResponses } from './chaps/responses.js';
import { customerResponses } from './customers/responses.js';
import { customerV2Responses } from './customers-v2/responses.js';
import { directDebitResponses } from './direct-debits/responses.js';
import { fxResponses } from './fx/responses.js';
import { mccyAccountResponses } from './mccy-accounts/responses.js';
import { mccyPaymentResponses } from './mccy-payments/responses.js';
import { nameCheckResponses } from './name-checks/responses.js';
import { paymentResponses } from './payments/responses.js';
import { savingsResponses } from './savings/responses.js';
import { sterlingAccountResponses } from './sterling-accounts/responses.js';
import { sterlingExtraResponses } from './sterling-extras/responses.js';
import { testResponses } from './test-responses.js';

/**
 * The bank's documented success bodies by operation id (each domain's `responses.ts`, held to the simulator
 * by the contract tests): the OpenAPI document describes them and the typed client types its answers by them.
 */
export const operationResponses = {
  ...testResponses,
  ...sterlingAccountResponses,
  ...sterlingExtraResponses,
  ...savingsResponses,
  ...paymentResponses,
  ...customerResponses,
  ...customerV2Responses,
  ...nameCheckResponses,
  ...directDebitResponses,
  ...mccyAccountResponses,
  ...mccyPaymentResponses,
  ...fxResponses,
  ...chapsResponses,
  ...camt053Responses,
} as const;
