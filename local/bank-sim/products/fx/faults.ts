import * as z from 'zod/mini';
import { defineState, type SimState } from '#sim/core/state.js';

/** `locked`: the desk answers the quote execution 423; the quote stays executable. */
export const fxExecutionFaultSchema = z.literal('locked');
export type FxExecutionFault = z.infer<typeof fxExecutionFaultSchema>;

export const fxFaultsSchema = z.strictObject({
  /** Applied in order, one per quote execution that reaches the desk (past the bank's common checks). */
  nextExecutions: z.optional(z.array(fxExecutionFaultSchema).check(z.maxLength(1000))),
});

/** The FX desk's queued faults (`PUT /__sim/fx/faults`), beside the bank-wide ones of `/__sim/faults`. */
export const fxFaults = defineState('fx-faults', () => ({ nextExecutions: [] as FxExecutionFault[] }));

/** Takes the fault of the next quote execution, if one is queued. */
export function nextExecutionFault(state: SimState): FxExecutionFault | undefined {
  return state.get(fxFaults).nextExecutions.shift();
}
