import type { HookPorts } from '../families/ports.js';
import type { StateHook } from '../webhooks/process.js';
import { statementsWebhookHook } from './archive.js';

/** The processor's statements hook as the AWS root and the sandbox both wire it. */
export function statementsHookOf(ports: HookPorts): StateHook {
  return statementsWebhookHook({
    store: ports.statements,
    events: ports.events,
    bankBaseUrl: ports.bankBaseUrl,
    clock: ports.clock,
    log: ports.log,
    ...(ports.bank && { bank: ports.bank }),
  });
}
