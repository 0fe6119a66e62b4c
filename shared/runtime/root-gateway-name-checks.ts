import { nameCheckStoreOf } from '../name-checks/wiring.js';
import { buildAtColdStart, once } from './aws-common.js';
import { awsFamilyPorts } from './aws-family-ports.js';

/** Composition root of `GET /gateway/name-checks/{endToEndId}`: the name-checks table and nothing else. */
export const awsNameCheckStore = once(() => nameCheckStoreOf(awsFamilyPorts()));

buildAtColdStart(awsNameCheckStore);
