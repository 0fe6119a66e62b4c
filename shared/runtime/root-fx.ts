import { FX_TRACKER } from '../fx/track.js';
import { fxTrackerOf } from '../fx/tracker-wiring.js';
import type { ForwardDependencies } from '../gateway/forward-operation.js';
import { fxOperations } from '../operations/fx/operations.js';
import { awsAttention } from './aws-attention.js';
import { buildAtColdStart, once } from './aws-common.js';
import { awsEventPublisher } from './aws-events.js';
import { awsFamilyPorts } from './aws-family-ports.js';
import { awsForwardDependencies } from './root-operation-functions.js';
import { trackersFor } from './wiring.js';

/** Composition root of the fx operation function: the operation use case plus the trackers its operations name (FX). */
export const awsFxForwardDependencies = once((): ForwardDependencies => ({
  ...awsForwardDependencies(),
  trackers: trackersFor(fxOperations, {
    [FX_TRACKER]: () =>
      fxTrackerOf({ ...awsFamilyPorts(), events: awsEventPublisher(), attention: awsAttention() }),
  }),
}));

buildAtColdStart(awsFxForwardDependencies);
