import { paymentStoreOf } from '../payments/wiring.js';
import { buildAtColdStart, once } from './aws-common.js';
import { awsFamilyPorts } from './aws-family-ports.js';

/** Composition root of `GET /gateway/payments/{endToEndId}`: the payments table and nothing else. */
export const awsPaymentStore = once(() => paymentStoreOf(awsFamilyPorts()));

buildAtColdStart(awsPaymentStore);
