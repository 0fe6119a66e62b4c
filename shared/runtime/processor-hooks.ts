import { fxHookOf } from '../fx/wiring.js';
import { mccyPaymentsHookOf } from '../mccy-payments/wiring.js';
import { paymentsHookOf } from '../payments/wiring.js';
import type { ObjectStore } from '../ports/object-store.js';
import { statementsWebhookHook } from '../statements/archive.js';
import type { StateHook } from '../webhooks/process.js';
import type { FamilyPorts } from './wiring.js';

export interface ProcessorHookPorts extends FamilyPorts {
  /** Where statements are kept: the statements bucket on AWS, a folder in the sandbox. */
  statements: ObjectStore;
  /** The bank, the one host (besides its statement storage) a statement link may name. */
  bankBaseUrl: string;
}

/**
 * The webhook processor's state hooks, one per family that webhooks move: the one list the AWS processor
 * root and the sandbox both run, so a hook cannot be missing on one side only.
 */
export function processorHooks(ports: ProcessorHookPorts): StateHook[] {
  return [
    paymentsHookOf(ports),
    fxHookOf(ports),
    mccyPaymentsHookOf(ports),
    statementsWebhookHook({
      store: ports.statements,
      events: ports.events,
      bankBaseUrl: ports.bankBaseUrl,
      clock: ports.clock,
      log: ports.log,
    }),
  ];
}
