import { ENV } from '../config/function-environment.js';
import type { ForwardDependencies } from '../gateway/forward-operation.js';
import { DynamoDbNameCheckStore } from '../name-checks/dynamodb-store.js';
import { parseNameCheckTtlHours } from '../name-checks/policy.js';
import { NAME_CHECKS_TRACKER, nameChecksTracker } from '../name-checks/track.js';
import { logger } from '../observability.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';
import { awsDynamoClient, awsForwardDependencies } from './aws-gateway.js';

/**
 * Composition root of the name-checks operation function: the operation use case plus the tracker that
 * records each check's outcome by end-to-end id. Its own module, so other functions load none of it.
 */
export const awsNameChecksForwardDependencies = once((): ForwardDependencies => ({
  ...awsForwardDependencies(),
  trackers: {
    [NAME_CHECKS_TRACKER]: nameChecksTracker({
      store: new DynamoDbNameCheckStore(awsDynamoClient(), requireEnv(ENV.nameChecksTable)),
      log: logger,
      ttlHours: parseNameCheckTtlHours(process.env[ENV.nameCheckTtlHours], ENV.nameCheckTtlHours),
    }),
  },
}));

buildAtColdStart(awsNameChecksForwardDependencies);
