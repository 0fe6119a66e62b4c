import { fxStoreOf } from '../fx/wiring.js';
import { buildAtColdStart, once } from './aws-common.js';
import { awsFamilyPorts } from './aws-family-ports.js';

/** Composition root of `GET /gateway/fx/...`: the fx table and nothing else. */
export const awsFxStore = once(() => fxStoreOf(awsFamilyPorts()));

buildAtColdStart(awsFxStore);
