import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { type ArmResult, compareArms, type InterleaveOptions, interleave } from './stats.js';

export interface FxBenchResult {
  /** `POST /fx/v1/quote` through the gateway (rules, bank call, the quote stored) and straight to the simulator. */
  quote: { gateway: ArmResult; direct: ArmResult };
  /** `POST /fx/v1/ExecuteQuote` of a fresh quote: the gateway's local checks and claim, and the direct call. */
  execute: { gateway: ArmResult; direct: ArmResult };
}

const quoteBody = () =>
  JSON.stringify({
    valueDate: '2026-03-03T00:00:00Z',
    instructedAmount: 100,
    fixedSide: 'sell',
    sellCurrency: 'EUR',
    buyCurrency: 'USD',
    margin: 0.01,
  });

/**
 * Quote and execute through the in-process sandbox gateway against the same requests sent straight to the
 * simulator, alternating call by call. Each execution takes a quote made beforehand by its own arm (the
 * gateway's through the gateway, so it knows them); the simulated clock stands still, inside every hold.
 */
export async function fxBench(options: InterleaveOptions): Promise<FxBenchResult> {
  const { benchSandbox } = await import('./sandbox-calls.js');
  const bench = await benchSandbox();
  const { world } = bench;
  const keyed = () => ({ 'idempotency-key': randomUUID() });
  try {
    world.simulator.institution.subscribedToWebhooks = false;
    const calls = options.warmup + options.rounds;
    const opened = await world.gateway('/mccy/v2/Accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...keyed() },
      body: JSON.stringify({
        label: 'Bench',
        owner: 'Bench Ltd',
        kind: 'YourFunds',
        currencies: ['EUR', 'USD'],
        bankIdentifierCode: null,
        routingCode: null,
      }),
    });
    if (opened.status !== 201) throw new Error(`the account was not opened: ${await opened.text()}`);
    const account = (await opened.json()) as { id: string; identifiers: { identifier: string }[] };
    const iban = account.identifiers[0]?.identifier;
    const funded = await world.bank('/__sim/mccy/inbound-payments', {
      method: 'POST',
      body: JSON.stringify({ account: account.id, currency: 'EUR', amount: String(400 * calls) }),
    });
    if (funded.status >= 300) throw new Error(`the account was not funded: ${await funded.text()}`);

    const quotePath = '/fx/v1/quote';
    const quote = await interleave(
      {
        gateway: () => bench.viaGateway(quotePath, quoteBody(), 200, keyed()),
        direct: () => {
          const body = quoteBody();
          return bench.direct(quotePath, body, bench.sign(body), 200);
        },
      },
      { ...options, perRound: 1 },
    );

    // Quotes for the executions, made before timing.
    const quoteIdOf = async (response: Response) => ((await response.json()) as { quoteId: string }).quoteId;
    const gatewayQuotes: string[] = [];
    const directQuotes: string[] = [];
    for (let i = 0; i < calls; i++) {
      gatewayQuotes.push(
        await quoteIdOf(
          await world.gateway(quotePath, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...keyed() },
            body: quoteBody(),
          }),
        ),
      );
      const body = quoteBody();
      directQuotes.push(
        await quoteIdOf(
          await fetch(`${world.sandbox.bankUrl}${quotePath}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${world.simulator.institution.tokens[0]?.value}`,
              'x-request-id': randomUUID(),
              'content-type': 'application/json',
              digitalsignature: bench.sign(body),
            },
            body,
          }),
        ),
      );
    }
    const executeBody = (quoteId: string | undefined) => {
      if (quoteId === undefined) throw new Error('more executions than quotes made');
      const side = { owner: 'Bench Ltd', iban };
      return JSON.stringify({
        quoteId,
        customerInformation: { sellAccount: side, buyAccount: side, attestation: 'Y' },
      });
    };
    const executePath = '/fx/v1/ExecuteQuote';
    const execute = await interleave(
      {
        gateway: () => bench.viaGateway(executePath, executeBody(gatewayQuotes.shift()), 202, keyed()),
        direct: () => {
          const body = executeBody(directQuotes.shift());
          return bench.direct(executePath, body, bench.sign(body), 202);
        },
      },
      { ...options, perRound: 1 },
    );
    return { quote, execute };
  } finally {
    await bench.close();
  }
}

// On its own: `npx tsx test/bench/fx.ts`, a short run, a summary on stdout.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  process.env.POWERTOOLS_LOG_LEVEL = 'WARN';
  const result = await fxBench({ warmup: 10, rounds: 100, perRound: 1, maxMs: 10_000 });
  console.log(
    JSON.stringify(
      {
        quote: compareArms(['gateway', 'direct'], result.quote.gateway, result.quote.direct),
        execute: compareArms(['gateway', 'direct'], result.execute.gateway, result.execute.direct),
      },
      null,
      2,
    ),
  );
}
