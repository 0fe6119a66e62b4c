import type { Product } from '#sim/core/product.js';
import { camt053Product } from './camt053/product.js';
import { chapsProduct } from './chaps/product.js';
import { customerDueDiligenceProduct } from './customer-due-diligence/product.js';
import { customersProduct } from './customers/product.js';
import { customersV2Product } from './customers-v2/product.js';
import { directDebitsProduct } from './direct-debits/product.js';
import { fxProduct } from './fx/product.js';
import { mccyAccountsProduct } from './mccy-accounts/product.js';
import { mccyPaymentsProduct } from './mccy-payments/product.js';
import { nameCheckOnboardingProduct } from './name-check-onboarding/product.js';
import { nameChecksProduct } from './name-checks/product.js';
import { paymentsProduct } from './payments/product.js';
import { savingsProduct } from './savings/product.js';
import { sterlingAccountsProduct } from './sterling-accounts/product.js';
import { sterlingExtrasProduct } from './sterling-extras/product.js';
import { testProduct } from './test/product.js';

/**
 * Every product the simulated bank offers, the one list: the entry point (`../simulator.ts`) hands it to the
 * core. A new product is a folder here with its `product.ts`, and one line below.
 */
export const products: readonly Product[] = [
  testProduct,
  sterlingAccountsProduct,
  sterlingExtrasProduct,
  paymentsProduct,
  chapsProduct,
  customersProduct,
  customersV2Product,
  nameChecksProduct,
  nameCheckOnboardingProduct,
  directDebitsProduct,
  mccyAccountsProduct,
  mccyPaymentsProduct,
  fxProduct,
  camt053Product,
  customerDueDiligenceProduct,
  savingsProduct,
];
