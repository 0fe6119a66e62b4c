import { mccyPaymentsFamily } from '#shared/mccy-payments/family.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsFamilyStore } from '#shared/runtime/root-gateway-reads.js';
import { createGatewayReadHandler } from './http/gateway-read-handler.js';

const store = awsFamilyStore(mccyPaymentsFamily);
await buildAtColdStart(store);

/** `GET /gateway/...`: a multi-currency batch the gateway sent, its schedule, transactions and history. */
export const handler = createGatewayReadHandler(mccyPaymentsFamily, store);
