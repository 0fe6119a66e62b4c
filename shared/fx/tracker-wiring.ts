import type { OperationTracker } from '../gateway/tracker.js';
import { fxTracker } from './track.js';
import { type FxPorts, fxDependenciesOf } from './wiring.js';

/** The fx function's tracker as the AWS root and the sandbox both wire it (the rest of FX: `wiring.ts`). */
export function fxTrackerOf(ports: FxPorts): OperationTracker {
  return fxTracker(fxDependenciesOf(ports));
}
