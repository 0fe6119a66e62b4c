import { fxFamily } from '#shared/fx/family.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsFamilyStore } from '#shared/runtime/root-gateway-reads.js';
import { createGatewayReadHandler } from './http/gateway-read-handler.js';

const store = awsFamilyStore(fxFamily);
await buildAtColdStart(store);

/** `GET /gateway/...`: an FX quote the gateway obtained (its hold and its one execution) and an FX trade it follows. */
export const handler = createGatewayReadHandler(fxFamily, store);
