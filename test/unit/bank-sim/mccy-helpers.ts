import { ClockScheduler } from '#sim/core/scheduler.js';
import { SimState } from '#sim/core/state.js';
import type { Emit, SimHost } from '#sim/core/types.js';
import type { TopLevelMembers } from '#sim/core/webhooks.js';
import { ManualClock } from '#shared/ports/clock.js';

export interface SentWebhook {
  type: string;
  version: number;
  payload: Record<string, unknown>;
  topLevel?: TopLevelMembers;
  institutionId?: string;
}

/** The multi-currency bank on a bare state and clock: webhooks are recorded, scheduled work runs on `advance`. */
export function mccyWorld(start = '2026-03-10T10:00:00.000Z') {
  const clock = new ManualClock(start);
  const state = new SimState();
  const scheduler = new ClockScheduler(clock, (error) => {
    throw error;
  });
  const sent: SentWebhook[] = [];
  const host: SimHost = {
    state,
    clock,
    schedule: (at, label, task, ...args) => scheduler.at(at, label, () => task.run(host, ...args)),
    emitWebhook: (type, version, payload, options) => {
      sent.push({
        type,
        version,
        payload: payload as Record<string, unknown>,
        ...(options?.topLevel && { topLevel: options.topLevel }),
        ...(options?.institutionId && { institutionId: options.institutionId }),
      });
      return {} as never;
    },
  };
  const emit: Emit = (type, version, payload, topLevel) =>
    void sent.push({
      type,
      version,
      payload: payload as Record<string, unknown>,
      ...(topLevel && { topLevel }),
    });
  const advance = (ms: number) => {
    clock.advance(ms);
    scheduler.runDue();
  };
  return { clock, state, host, emit, sent, advance };
}
