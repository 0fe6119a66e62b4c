import { CUSTOMER_MESSAGES } from './customer-rules.js';
import { DIRECT_DEBIT_MESSAGES } from './direct-debit-rules.js';
import { FPS_MESSAGES } from './fps-rules.js';
import { MCCY_MESSAGES } from './mccy-rules.js';
import { NAME_CHECK_MESSAGES } from './name-check-rules.js';
import { REQUEST_ID_MESSAGES } from './request-id.js';
import { STATEMENT_MESSAGES } from './statement-rules.js';

/**
 * Every request field rule of the spec in one view, for tests and documentation. Code imports the file of its
 * own domain (`fps-rules.ts`, `request-id.ts`...): a function then loads only the rules, and the libraries
 * behind them (decimal.js, the calendar, the country list), that it serves.
 */
export * from './chaps-rules.js';
export * from './customer-rules.js';
export * from './direct-debit-rules.js';
export * from './fps-rules.js';
export * from './mccy-rules.js';
export * from './name-check-rules.js';
export * from './request-id.js';
export * from './statement-rules.js';
export * from './text-rules.js';

export const FIELD_MESSAGES = {
  ...FPS_MESSAGES,
  ...NAME_CHECK_MESSAGES,
  ...DIRECT_DEBIT_MESSAGES,
  ...STATEMENT_MESSAGES,
  ...MCCY_MESSAGES,
  ...CUSTOMER_MESSAGES,
  ...REQUEST_ID_MESSAGES,
} as const;
