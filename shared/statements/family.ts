import { defineFamily } from '../families/definition.js';

/**
 * Statements: no table; the processor downloads each statement the bank announces and keeps it in the
 * statements bucket (granted to the processor by the stack, by the bucket's fixed name).
 */
export const statementsFamily = defineFamily({
  name: 'statements',
  access: {},
  publishes: ['processor'],
  raisesAttention: [],
  reads: [],
  hook: async () => (await import('./wiring.js')).statementsHookOf,
});
