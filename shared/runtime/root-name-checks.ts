import { ENV } from '../config/function-environment.js';
import type { ForwardDependencies } from '../gateway/forward-operation.js';
import { parseNameCheckTtlHours } from '../name-checks/policy.js';
import { NAME_CHECKS_TRACKER } from '../name-checks/track.js';
import { nameChecksTrackerOf } from '../name-checks/wiring.js';
import { nameCheckOperations } from '../operations/name-checks/operations.js';
import { buildAtColdStart, once } from './aws-common.js';
import { awsFamilyPorts } from './aws-family-ports.js';
import { awsForwardDependencies } from './root-operation-functions.js';
import { trackersFor } from './wiring.js';

/**
 * Composition root of the name-checks operation function: the operation use case plus the trackers its
 * operations name (the one that records each check's outcome by end-to-end id). Its own module, so other
 * functions load none of it.
 */
export const awsNameChecksForwardDependencies = once((): ForwardDependencies => ({
  ...awsForwardDependencies(),
  trackers: trackersFor(nameCheckOperations, {
    [NAME_CHECKS_TRACKER]: () =>
      nameChecksTrackerOf({
        ...awsFamilyPorts(),
        ttlHours: parseNameCheckTtlHours(process.env[ENV.nameCheckTtlHours], ENV.nameCheckTtlHours),
      }),
  }),
}));

buildAtColdStart(awsNameChecksForwardDependencies);
