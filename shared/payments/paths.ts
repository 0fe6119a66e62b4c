import { readPath } from '../families/definition.js';

/** Where the gateway answers a payment it keeps (`GET /gateway/payments/{endToEndId}`). */
export const PAYMENT_READ = '/gateway/payments/{endToEndId}';
export const paymentPath = (endToEndId: string) => readPath(PAYMENT_READ, endToEndId);
