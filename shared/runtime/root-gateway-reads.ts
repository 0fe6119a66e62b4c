import type { FamilyDefinition } from '../families/definition.js';
import { storeOf } from '../families/runtime.js';
import { once } from './aws-common.js';
import { awsFamilyPorts } from './aws-family-ports.js';

/** Composition root of a family's `/gateway/` reader: its store on its table, and nothing else of it. */
export function awsFamilyStore<Store>(family: FamilyDefinition<Store>): () => Promise<Store> {
  return once(() => storeOf(family, awsFamilyPorts()));
}
