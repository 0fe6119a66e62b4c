import { accountClosuresFamily } from '#shared/account-closures/family.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsFamilyStore } from '#shared/runtime/root-gateway-reads.js';
import { createGatewayReadHandler } from './http/gateway-read-handler.js';

const store = awsFamilyStore(accountClosuresFamily);
await buildAtColdStart(store);

/** `GET /gateway/account-closures/{accountId}`: the gateway's record of an account's closure. */
export const handler = createGatewayReadHandler(accountClosuresFamily, store);
