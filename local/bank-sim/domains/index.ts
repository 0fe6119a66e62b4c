import type { Domain } from '../types.js';
import { customersDomain } from './customers.js';
import { directDebitsDomain } from './direct-debits.js';
import { fxDomain } from './fx.js';
import { mccyAccountsDomain } from './mccy-accounts.js';
import { mccyPaymentsDomain } from './mccy-payments.js';
import { nameChecksDomain } from './name-checks.js';
import { nameCheckOnboardingDomain } from './name-check-onboarding.js';
import { paymentsDomain } from './payments.js';
import { sterlingAccountsDomain } from './sterling-accounts.js';
import { testDomain } from './test.js';

/** Every domain the simulator serves by default. A new domain is one file here and one line below. */
export const defaultDomains: readonly Domain[] = [
  testDomain,
  sterlingAccountsDomain,
  paymentsDomain,
  customersDomain,
  nameChecksDomain,
  nameCheckOnboardingDomain,
  directDebitsDomain,
  mccyAccountsDomain,
  mccyPaymentsDomain,
  fxDomain,
];
