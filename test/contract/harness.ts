import { sterlingAccountResponses } from '#shared/operations/sterling-accounts/responses.js';
import { expect } from 'vitest';
import type * as z from 'zod/mini';
import type { BankSimulator } from '#sim/simulator.js';
import { webhookPayloads } from '#shared/webhooks/payloads/index.js';
import { call, startListener, startTestSimulator, type WebhookListener } from '../unit/bank-sim/helpers.js';

/**
 * The contract layer's harness: a simulator with a webhook listener, a call that checks the answer's status
 * and body against the bank's documented schema, and a check of every webhook received against
 * `shared/webhooks/payloads/`. Each domain's `<domain>.contract.test.ts` uses it with its own schemas.
 */
export interface ContractWorld {
  sim: BankSimulator;
  listener: WebhookListener;
  close(): Promise<void>;
}

export async function startContractWorld(): Promise<ContractWorld> {
  const listener = await startListener();
  const sim = await startTestSimulator({}, { webhookUrl: listener.url });
  return {
    sim,
    listener,
    close: async () => {
      await sim.close();
      await listener.close();
    },
  };
}

/**
 * Sends the request (with `headers`, if any), expects `status`, and parses the body with `schema` (none: no body
 * expected).
 */
export async function expectAnswer<S extends z.ZodMiniType>(
  world: ContractWorld,
  request: { method: string; path: string; body?: unknown; headers?: Record<string, string> },
  status: number,
  schema?: S,
): Promise<z.output<S>> {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const response = await call(world.sim, request.method, request.path, {
    ...(body !== undefined && { body }),
    ...(request.headers && { headers: request.headers }),
  });
  const text = await response.text();
  expect(response.status, `${request.method} ${request.path}: ${text}`).toBe(status);
  if (!schema) {
    expect(text).toBe('');
    return undefined as z.output<S>;
  }
  const parsed = schema.safeParse(JSON.parse(text));
  expect(parsed.error?.issues ?? [], `${request.method} ${request.path}`).toEqual([]);
  return parsed.data as z.output<S>;
}

export interface SentWebhook {
  Type: string;
  Version: number;
  Payload: unknown;
}

/**
 * Every webhook the listener has received, each checked against its documented payload schema (an
 * undocumented Type or Version fails); the listener is then emptied.
 */
export async function takeWebhooks(world: ContractWorld): Promise<SentWebhook[]> {
  await world.sim.idle();
  const sent = world.listener.received.splice(0).map((webhook) => JSON.parse(webhook.body) as SentWebhook);
  for (const webhook of sent) {
    const schema = webhookPayloads[webhook.Type]?.[webhook.Version];
    expect(schema, `documented payload for ${webhook.Type} v${webhook.Version}`).toBeDefined();
    const parsed = schema?.safeParse(webhook.Payload);
    expect(parsed?.error?.issues ?? [], `${webhook.Type} v${webhook.Version}`).toEqual([]);
  }
  return sent;
}

/** A real sterling account opened at the simulator, its answer held to the documented create answer. */
export async function openSterlingAccount(world: ContractWorld) {
  const created = await expectAnswer(
    world,
    {
      method: 'POST',
      path: '/v3/Accounts',
      body: { accountName: 'Ops', owner: { name: 'Acme' }, sortCode: '040004' },
    },
    201,
    sterlingAccountResponses.createAccount,
  );
  return created.account;
}
