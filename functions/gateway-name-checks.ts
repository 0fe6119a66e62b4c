import { nameChecksFamily } from '#shared/name-checks/family.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsFamilyStore } from '#shared/runtime/root-gateway-reads.js';
import { createGatewayReadHandler } from './http/gateway-read-handler.js';

const store = awsFamilyStore(nameChecksFamily);
await buildAtColdStart(store);

/** `GET /gateway/...`: the outcome of the payee name check made with an end-to-end id. */
export const handler = createGatewayReadHandler(nameChecksFamily, store);
