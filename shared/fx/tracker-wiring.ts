import type { OperationTracker } from '../gateway/tracker.js';
import { fxTracker } from './track.js';
import { type FxPorts, fxStoreOf } from './wiring.js';

/** The fx function's tracker as the AWS root and the sandbox both wire it (the rest of FX: `wiring.ts`). */
export function fxTrackerOf(ports: Omit<FxPorts, 'count'>): OperationTracker {
  return fxTracker({ store: fxStoreOf(ports), events: ports.events, log: ports.log, clock: ports.clock });
}
