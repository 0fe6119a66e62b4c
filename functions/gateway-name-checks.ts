import { liveCheck, nameCheckPath } from '#shared/name-checks/outcome.js';
import type { NameCheckStore } from '#shared/name-checks/ports.js';
import { awsNameCheckStore } from '#shared/runtime/root-gateway-name-checks.js';
import { createRecordReadHandler } from './http/record-read-handler.js';

/** GET /gateway/name-checks/{endToEndId}: the outcome of the payee name check made with this id. */
export function createNameChecksReadHandler(
  store: () => Pick<NameCheckStore, 'get'>,
  now: () => Date = () => new Date(),
) {
  return createRecordReadHandler({
    route: 'GET /gateway/name-checks/{endToEndId}',
    // A name check's end-to-end id may be up to 140 characters (cop-outbound-v1.json).
    maxLength: 140,
    read: async (endToEndId) => {
      const record = liveCheck(await store().get(endToEndId), now());
      return record && { ...record, expiresAt: new Date(record.expiresAt * 1000).toISOString() };
    },
    notFound: (endToEndId) => ({
      detail: `No name check with end-to-end id ${endToEndId} is known to the gateway (or it has expired).`,
      instance: nameCheckPath(endToEndId),
    }),
  });
}

export const handler = createNameChecksReadHandler(awsNameCheckStore);
