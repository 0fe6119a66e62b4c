import { paymentsFamily } from '#shared/payments/family.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsFamilyStore } from '#shared/runtime/root-gateway-reads.js';
import { createGatewayReadHandler } from './http/gateway-read-handler.js';

const store = awsFamilyStore(paymentsFamily);
await buildAtColdStart(store);

/** `GET /gateway/...`: the gateway's record of a payment with its history. */
export const handler = createGatewayReadHandler(paymentsFamily, store);
