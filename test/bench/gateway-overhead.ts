import { randomUUID } from 'node:crypto';
import { benchSandbox } from './sandbox-calls.js';
import { type ArmResult, type InterleaveOptions, interleave, pairedDifferences } from './stats.js';

export interface GatewayOverheadResult {
  /** Through the sandbox gateway: HTTP, proxy event, validation, RSA sign, BankClient, simulator. */
  gateway: ArmResult;
  /** The same request straight to the simulator, signed beforehand, fresh X-Request-Id each time. */
  direct: ArmResult;
  /** gateway minus direct, per adjacent pair of calls (both arms alternate one call at a time). */
  pairedDifferenceMs: number[];
  /** Gateway call plus the FITestEvent webhook it causes, until the sandbox settles (subscribed). */
  withWebhook: ArmResult;
  webhooksAccepted: number;
  webhooksDelivered: number;
  /**
   * Webhooks end to end, 50 in flight at a time: the simulator signs and delivers, the receiver verifies, queues
   * and signs the nonce, the processor deduplicates (dynalite) and publishes; counted once published.
   */
  webhookThroughput: { webhooks: number; published: number; ms: number; perSecond: number };
}

const BODY = '{"Message":"Hello World"}';

/**
 * `POST /v1/Test` through the gateway against the same call made directly to the simulator, on one
 * in-process sandbox. The institution is unsubscribed from webhooks while the two are compared, so the
 * FITestEvent each POST emits does not run behind the next timed call; it is timed apart, end to end.
 */
export async function gatewayOverhead(
  options: InterleaveOptions & { withWebhook: number; throughputWebhooks: number },
) {
  const bench = await benchSandbox();
  const { world } = bench;
  const { sandbox, simulator } = world;
  try {
    // Signed once: the signature covers the body only, so only X-Request-Id has to change per call.
    const signature = bench.sign(BODY);
    const viaGateway = () => bench.viaGateway('/v1/Test', BODY, 200);
    const direct = () => bench.direct('/v1/Test', BODY, signature, 200);

    simulator.institution.subscribedToWebhooks = false;
    // perRound 1: the arms alternate call by call, so adjacent calls form pairs for the paired difference.
    const compared = await interleave({ gateway: viaGateway, direct }, { ...options, perRound: 1 });
    const pairedDifferenceMs = pairedDifferences(compared.gateway, compared.direct);
    simulator.clearRequests();

    simulator.institution.subscribedToWebhooks = true;
    simulator.clearDeliveries();
    const endToEnd = await interleave(
      {
        withWebhook: async () => {
          await viaGateway();
          await sandbox.settle();
        },
      },
      { warmup: 10, rounds: 1, perRound: options.withWebhook, maxMs: options.maxMs },
    );
    const webhooksDelivered = simulator.deliveries.length;
    const webhooksAccepted = simulator.deliveries.filter(
      (delivery) => delivery.outcome === 'accepted',
    ).length;

    // Every webhook is emitted at once and the sandbox settles when the last one is published.
    const runId = randomUUID();
    const publishedBefore = world.sandbox.bus.list({ detailType: 'FITestEvent' }).length;
    const started = performance.now();
    // In windows of 50 in flight: all at once, one core cannot answer each within the bank's time and the
    // simulator would count timeouts (retried on its clock, which the bench does not move).
    for (let index = 0; index < options.throughputWebhooks; index++) {
      simulator.emitWebhook('FITestEvent', 1, `throughput ${runId} ${index}`);
      if (index % 50 === 49) await sandbox.settle();
    }
    await sandbox.settle();
    const elapsed = performance.now() - started;
    const published = world.sandbox.bus.list({ detailType: 'FITestEvent' }).length - publishedBefore;
    return {
      gateway: compared.gateway,
      direct: compared.direct,
      pairedDifferenceMs,
      withWebhook: endToEnd.withWebhook,
      webhooksDelivered,
      webhooksAccepted,
      webhookThroughput: {
        webhooks: options.throughputWebhooks,
        published,
        ms: elapsed,
        perSecond: Math.round((published / elapsed) * 1000),
      },
    } satisfies GatewayOverheadResult;
  } finally {
    await bench.close();
  }
}
