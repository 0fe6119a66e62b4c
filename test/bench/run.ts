import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundles } from './bundles.js';
import { cryptoFloor, webhookFixtures } from './crypto-floor.js';
import { type MemorySample, sandboxMemory } from './memory.js';
import type { WritePath } from '../support/write-paths.js';
import {
  type Comparison,
  compareArms,
  interleave,
  perSecond,
  round,
  roundSummary,
  summarize,
} from './stats.js';

// Static imports are hoisted above this line and none of them loads Powertools. The handler modules are
// imported dynamically below, after these are set: Powertools reads them when Logger and Metrics are created.
process.env.POWERTOOLS_METRICS_DISABLED = 'true';
process.env.POWERTOOLS_LOG_LEVEL = 'WARN';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const runStarted = performance.now();
const loadAverageAtStart = loadavg().map((value) => round(value, 2));

/** Keyed writes for the memory measurement: CLEARWAY_BENCH_WRITES, default 10,000. */
function memoryWrites(text = process.env.CLEARWAY_BENCH_WRITES): number {
  if (text === undefined || text === '') return 10_000;
  if (!/^[1-9]\d*$/.test(text))
    throw new Error(`CLEARWAY_BENCH_WRITES must be a whole number, got "${text}"`);
  return Number(text);
}

/** Counts and bounds of every loop: sized for about a minute on two noisy cores, plus the memory writes. */
const settings = {
  webhooks: { warmup: 500, rounds: 20, perRound: 250, maxMs: 20_000 },
  gateway: {
    warmup: 200,
    rounds: 2_000,
    perRound: 1,
    maxMs: 30_000,
    withWebhook: 200,
    throughputWebhooks: 1_000,
  },
  payments: {
    send: { warmup: 50, rounds: 600, perRound: 1, maxMs: 12_000 },
    processor: { warmup: 20, rounds: 600, perRound: 1, maxMs: 8_000 },
  },
  fx: { warmup: 30, rounds: 300, perRound: 1, maxMs: 10_000 },
  memory: { warmup: 1_000, writes: memoryWrites(), samples: 4, concurrency: 4, maxMs: 600_000 },
  bundleRuns: 25,
};

const log = (text: string) => process.stderr.write(`${text}\n`);
const ms = (value: number) => value.toFixed(3);

// 1 and 2: the crypto floor and the receiver, interleaved in blocks on the same fixtures.
log('webhooks: crypto floor and receiver handler ...');
const { receiverBench } = await import('./receiver.js');
const fixtures = webhookFixtures();
const floor = cryptoFloor(fixtures);
const receiver = receiverBench(fixtures);
await receiver.check();
const webhookRuns = await interleave(
  { floor: () => floor.pair(), receiver: () => receiver.deliver() },
  { ...settings.webhooks, afterWarmup: () => floor.reset() },
);
const floorPair = summarize(webhookRuns.floor.samples);
const floorVerify = summarize(floor.verifyMs);
const floorSign = summarize(floor.signMs);
const handling = summarize(webhookRuns.receiver.samples);
// The same handler where enqueueing and signing each take an AWS-like round trip (bounded: 100 calls).
const ROUND_TRIP_MS = 15;
const slowReceiver = receiverBench(fixtures, ROUND_TRIP_MS);
const roundTripSamples: number[] = [];
for (let call = 0; call < 100; call++) {
  const started = performance.now();
  await slowReceiver.deliver();
  roundTripSamples.push(performance.now() - started);
}
const withRoundTrips = summarize(roundTripSamples);

const webhookResults = {
  cryptoFloor: {
    pair: roundSummary(floorPair),
    verify: roundSummary(floorVerify),
    sign: roundSummary(floorSign),
    pairsPerSecond: Math.round(perSecond(webhookRuns.floor)),
  },
  receiver: {
    handling: roundSummary(handling),
    perSecond: Math.round(perSecond(webhookRuns.receiver)),
    queued: receiver.queue.count,
    ratioP50: round(handling.p50 / floorPair.p50, 2),
    ratioP90: round(handling.p90 / floorPair.p90, 2),
    ratioP99: round(handling.p99 / floorPair.p99, 2),
    ratioP99ToFloorP50: round(handling.p99 / floorPair.p50, 2),
    withRoundTrips: { roundTripMs: ROUND_TRIP_MS, handling: roundSummary(withRoundTrips) },
  },
};

// 3: the gateway's overhead per POST /v1/Test.
log('gateway: POST /v1/Test through the gateway and directly ...');
const { gatewayOverhead } = await import('./gateway-overhead.js');
const gatewayRuns = await gatewayOverhead(settings.gateway);
const viaGateway = summarize(gatewayRuns.gateway.samples);
const direct = summarize(gatewayRuns.direct.samples);
const paired = summarize(gatewayRuns.pairedDifferenceMs);
const withWebhook = summarize(gatewayRuns.withWebhook.samples);
const overheadP50 = viaGateway.p50 - direct.p50;
const gatewayResults = {
  webhooksDuringComparison: 'unsubscribed (institution.subscribedToWebhooks = false)',
  gateway: roundSummary(viaGateway),
  direct: roundSummary(direct),
  gatewayPerSecond: Math.round(perSecond(gatewayRuns.gateway)),
  directPerSecond: Math.round(perSecond(gatewayRuns.direct)),
  overheadP50: round(overheadP50),
  overheadP99: round(viaGateway.p99 - direct.p99),
  pairedDifference: roundSummary(paired),
  ratioP50: round(viaGateway.p50 / direct.p50, 2),
  ratioP99: round(viaGateway.p99 / direct.p99, 2),
  signP50: round(floorSign.p50),
  overheadP50BesideSigning: round(overheadP50 - floorSign.p50),
  pairedDifferenceP50BesideSigning: round(paired.p50 - floorSign.p50),
  withWebhookSettled: roundSummary(withWebhook),
  webhooksDelivered: gatewayRuns.webhooksDelivered,
  webhooksAccepted: gatewayRuns.webhooksAccepted,
};

// 3a: what each money-moving request and state-moving webhook costs in DynamoDB (counted, not timed).
log('write paths: DynamoDB calls and round trips of each money-moving request ...');
const { ON_AWS_ROUND_TRIP_MS, writePathCosts } = await import('./write-paths.js');
const writePaths = await writePathCosts();
const writePath = (request: WritePath) => {
  const cost = writePaths.get(request);
  if (cost === undefined) throw new Error(`no figures for ${request}`);
  return cost;
};

// 3b: a payment send through the gateway, and the processor's cost per settlement webhook.
log('payments: POST /v3/payments/fps through the gateway and directly, then the processor ...');
const { paymentBench } = await import('./payments.js');
const paymentRuns = await paymentBench(settings.payments);
const paymentSend = compareArms(['gateway', 'direct'], paymentRuns.gateway, paymentRuns.direct);
const settlement = compareArms(['settled', 'testEvent'], paymentRuns.settled, paymentRuns.testEvent);
/** The gateway's dynalite operations per tracked send (an unkeyed POST /v1/Test does none), as counted. */
const PAYMENT_SEND_DYNAMO_OPERATIONS = writePath('POST /v3/payments/fps, 1 transfer').calls;
/**
 * The payments hook's dynalite operations on a settlement, as counted: a FITestEvent's are the inbox's claim
 * and mark, the settlement adds a read and a conditional write of the record.
 */
const SETTLEMENT_DYNAMO_OPERATIONS =
  writePath('processor: TransactionSettled of a gateway payment').calls - 2;
/** What one dynalite operation costs in this run: the floor of the send's per-operation figure. */
const dynamoOperationP50 = settlement.differenceP50 / SETTLEMENT_DYNAMO_OPERATIONS;
const paymentSendPerOperationP50 = (paymentSend.differenceP50 - overheadP50) / PAYMENT_SEND_DYNAMO_OPERATIONS;
const paymentResults = {
  /** differenceP50 and differenceP99: the gateway's overhead. */
  send: {
    ...paymentSend,
    overheadP50BesideTest: round(paymentSend.differenceP50 - overheadP50),
    dynamoOperations: PAYMENT_SEND_DYNAMO_OPERATIONS,
    besideTestPerDynamoOperationP50: round(paymentSendPerOperationP50),
    ratioPerOperationToProcessor: round(paymentSendPerOperationP50 / dynamoOperationP50, 2),
  },
  /** differenceP50 and differenceP99: the state update's cost (the payments hook). */
  processor: {
    ...settlement,
    dynamoOperations: SETTLEMENT_DYNAMO_OPERATIONS,
    perDynamoOperationP50: round(dynamoOperationP50),
    settlementsProcessed: paymentRuns.settlementsProcessed,
    settledStatusChanges: paymentRuns.settledStatusChanges,
    failures: paymentRuns.processorFailures,
  },
};

// 3c: FX quote and execute through the gateway (rules, the quote store, the execution's claim) and directly.
log('fx: POST /fx/v1/quote and /fx/v1/ExecuteQuote through the gateway and directly ...');
const { fxBench } = await import('./fx.js');
const fxRuns = await fxBench(settings.fx);
const fxResults = {
  quote: compareArms(['gateway', 'direct'], fxRuns.quote.gateway, fxRuns.quote.direct),
  execute: compareArms(['gateway', 'direct'], fxRuns.execute.gateway, fxRuns.execute.direct),
};

// Throughput on one core (the sandbox runs in this process), each beside the crypto floor of this run.
const throughput = {
  cryptoPairsPerSecond: webhookResults.cryptoFloor.pairsPerSecond,
  rsaSignsPerSecond: Math.round(1000 / floorSign.p50),
  receiverAnswersPerSecond: webhookResults.receiver.perSecond,
  webhooksEndToEndPerSecond: gatewayRuns.webhookThroughput.perSecond,
  webhooksEndToEnd: {
    ...gatewayRuns.webhookThroughput,
    ms: round(gatewayRuns.webhookThroughput.ms),
  },
  gatewayOperationsPerSecond: gatewayResults.gatewayPerSecond,
  paymentSendsPerSecond: paymentSend.perSecond.gateway,
  settlementsProcessedPerSecond: settlement.perSecond.settled,
};

// 4: the sandbox's resident size under sustained keyed writes, in a child process of its own.
log(`memory: sandbox resident size over ${settings.memory.writes} keyed writes ...`);
const memory = await sandboxMemory(settings.memory);

// 5: Lambda bundles as synthesized for deployment, sizes and load times in fresh processes.
log('bundles: synthesized for deployment, each staged bundle loaded in fresh processes ...');
const outDir = mkdtempSync(join(tmpdir(), 'clearway-bench-'));
let bundleResults: Awaited<ReturnType<typeof bundles>>;
try {
  bundleResults = await bundles(root, outDir, settings.bundleRuns);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
/** Load time over the client-only floor: the receiver answers the bank within 5 s, cold start included. */
function loadTarget(entry: string): number {
  return entry.endsWith('webhook-receiver.ts') ? 1.15 : 1.25;
}

const aims = {
  receiverP99Within3xFloor: {
    met: webhookResults.receiver.ratioP99 <= 3,
    measured: `${webhookResults.receiver.ratioP99}x floor p99 (${webhookResults.receiver.ratioP99ToFloorP50}x floor p50)`,
  },
  gatewayOverheadP50Under2msBesideSigning: {
    met: gatewayResults.overheadP50BesideSigning < 2,
    measured: `${ms(gatewayResults.overheadP50BesideSigning)} ms (paired: ${ms(gatewayResults.pairedDifferenceP50BesideSigning)} ms)`,
  },
  paymentSendWithin2xItsDynamoOperations: {
    met: paymentResults.send.ratioPerOperationToProcessor <= 2,
    measured: `${ms(paymentResults.send.overheadP50BesideTest)} ms over the POST /v1/Test overhead, ${ms(paymentResults.send.besideTestPerDynamoOperationP50)} ms for each of ${PAYMENT_SEND_DYNAMO_OPERATIONS} dynalite operations, ${paymentResults.send.ratioPerOperationToProcessor}x the processor's ${ms(paymentResults.processor.perDynamoOperationP50)} ms`,
  },
  settlementProcessingWithin2_5xTestEvent: {
    met:
      paymentResults.processor.ratioP50 <= 2.5 &&
      paymentResults.processor.failures === 0 &&
      paymentResults.processor.settledStatusChanges === paymentResults.processor.settlementsProcessed,
    measured: `${paymentResults.processor.ratioP50}x at p50 (${ms(paymentResults.processor.differenceP50)} ms for the state update), ${paymentResults.processor.settledStatusChanges} of ${paymentResults.processor.settlementsProcessed} settlements moved their record, ${paymentResults.processor.failures} failures`,
  },
  sandboxRetainsUnder5KBPerWrite: {
    met: memory.retainedKBPerWriteSecondHalf < 5,
    measured: `${memory.retainedKBPerWriteSecondHalf} KB per write over the second half of ${memory.writes} (rss ${memory.rssRatioToStart}x start)`,
  },
  everyFunctionWithinItsLoadTarget: {
    met: bundleResults.bundles.every((item) => item.ratioToFloor <= loadTarget(item.entry)),
    measured: bundleResults.bundles
      .map((item) => `${basename(item.entry, '.ts')} ${item.ratioToFloor.toFixed(2)}x`)
      .join(', '),
  },
};

const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  loadAverageAtStart,
  loadAverageAtEnd: loadavg().map((value) => round(value, 2)),
  settings,
  ...webhookResults,
  gatewayOverhead: gatewayResults,
  writePaths: { onAwsRoundTripMs: ON_AWS_ROUND_TRIP_MS, requests: [...writePaths.values()] },
  payments: paymentResults,
  fx: fxResults,
  sandboxMemory: memory,
  bundles: bundleResults,
  loadTargets: Object.fromEntries(bundleResults.bundles.map((item) => [item.entry, loadTarget(item.entry)])),
  throughput,
  aims,
  durationSeconds: round((performance.now() - runStarted) / 1000, 1),
};
writeFileSync(join(root, 'bench-results.json'), `${JSON.stringify(results, null, 2)}\n`);

// The table.
const table = (title: string, header: string[], rows: string[][]) => {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
};
const latencyRow = (name: string, summary: ReturnType<typeof summarize>, perSec: number | string) => [
  name,
  String(summary.n),
  ms(summary.p50),
  ms(summary.p90),
  ms(summary.p99),
  String(perSec),
];
/** The rows of two arms that alternated call by call, then their paired difference. */
const comparedRows = <A extends string, B extends string>(
  compared: Comparison<A, B>,
  [a, b]: readonly [A, B],
  [labelA, labelB]: readonly [string, string],
) => [
  latencyRow(labelA, compared[a], compared.perSecond[a]),
  latencyRow(labelB, compared[b], compared.perSecond[b]),
  latencyRow('paired difference', compared.pairedDifference, '-'),
];

const memoryRow = (name: string, sample: MemorySample) => [
  name,
  String(sample.writes),
  sample.rssMB.toFixed(1),
  sample.heapUsedMB.toFixed(1),
  sample.arrayBuffersMB.toFixed(1),
];

const withoutSdk = bundleResults.receiverWithoutAwsSdk;
console.log(
  `Clearway bench  ${results.date}  Node ${results.node}  ${results.cpu} x${results.cores}  load ${loadAverageAtStart.join(' ')}`,
);
table(
  'Webhooks (ms, one at a time; crypto floor and receiver interleaved in blocks)',
  ['', 'n', 'p50', 'p90', 'p99', 'per s'],
  [
    latencyRow('crypto floor: verify + sign', floorPair, webhookResults.cryptoFloor.pairsPerSecond),
    latencyRow('  of which RSA verify', floorVerify, '-'),
    latencyRow('  of which RSA sign', floorSign, '-'),
    latencyRow('receiver handler', handling, webhookResults.receiver.perSecond),
    latencyRow(`  with ${ROUND_TRIP_MS} ms SQS and KMS round trips`, withRoundTrips, '-'),
  ],
);
console.log(
  `receiver / floor: p50 ${webhookResults.receiver.ratioP50}x, p90 ${webhookResults.receiver.ratioP90}x, p99 ${webhookResults.receiver.ratioP99}x (p99 / floor p50 ${webhookResults.receiver.ratioP99ToFloorP50}x)`,
);
table(
  'POST /v1/Test (ms; webhooks unsubscribed; gateway and direct alternate call by call)',
  ['', 'n', 'p50', 'p90', 'p99', 'per s'],
  [
    latencyRow('through the gateway', viaGateway, gatewayResults.gatewayPerSecond),
    latencyRow('direct to the simulator', direct, gatewayResults.directPerSecond),
    latencyRow('paired difference', paired, '-'),
    latencyRow('gateway + webhook, settled', withWebhook, '-'),
  ],
);
console.log(
  `overhead: p50 ${ms(gatewayResults.overheadP50)} ms (${gatewayResults.ratioP50}x), p99 ${ms(gatewayResults.overheadP99)} ms (${gatewayResults.ratioP99}x); beside one RSA sign (${ms(floorSign.p50)} ms): ${ms(gatewayResults.overheadP50BesideSigning)} ms`,
);
console.log(
  `webhooks while subscribed: ${gatewayResults.webhooksAccepted} of ${gatewayResults.webhooksDelivered} deliveries accepted`,
);
table(
  'POST /v3/payments/fps (ms; one credit transfer, fresh ids and Idempotency-Key; gateway and direct alternate call by call)',
  ['', 'n', 'p50', 'p90', 'p99', 'per s'],
  comparedRows(paymentSend, ['gateway', 'direct'], ['through the gateway', 'direct to the simulator']),
);
console.log(
  `overhead: p50 ${ms(paymentResults.send.differenceP50)} ms (${paymentResults.send.ratioP50}x), p99 ${ms(paymentResults.send.differenceP99)} ms (${paymentResults.send.ratioP99}x); beside the POST /v1/Test overhead: ${ms(paymentResults.send.overheadP50BesideTest)} ms, ${ms(paymentResults.send.besideTestPerDynamoOperationP50)} ms per dynalite operation (${PAYMENT_SEND_DYNAMO_OPERATIONS}), ${paymentResults.send.ratioPerOperationToProcessor}x the processor's`,
);
for (const [name, path] of [
  ['quote', 'POST /fx/v1/quote'],
  ['execute', 'POST /fx/v1/ExecuteQuote'],
] as const) {
  const compared = fxResults[name];
  table(
    `${path} (ms; fresh Idempotency-Key${name === 'execute' ? ', a fresh quote each' : ''}; gateway and direct alternate call by call)`,
    ['', 'n', 'p50', 'p90', 'p99', 'per s'],
    comparedRows(compared, ['gateway', 'direct'], ['through the gateway', 'direct to the simulator']),
  );
  console.log(
    `overhead: p50 ${ms(compared.differenceP50)} ms (${compared.ratioP50}x), p99 ${ms(compared.differenceP99)} ms (${compared.ratioP99}x)`,
  );
}
table(
  'Webhook processor per message (ms; one SQS record, dynalite; the two alternate call by call)',
  ['', 'n', 'p50', 'p90', 'p99', 'per s'],
  comparedRows(
    settlement,
    ['settled', 'testEvent'],
    ['TransactionSettled, record moved', 'FITestEvent, no state hook'],
  ),
);
console.log(
  `state update: p50 ${ms(paymentResults.processor.differenceP50)} ms (${paymentResults.processor.ratioP50}x; ${ms(paymentResults.processor.perDynamoOperationP50)} ms per dynalite operation), p99 ${ms(paymentResults.processor.differenceP99)} ms (${paymentResults.processor.ratioP99}x); ${paymentResults.processor.settledStatusChanges} of ${paymentResults.processor.settlementsProcessed} settlements published PaymentStatusChanged, ${paymentResults.processor.failures} failures`,
);
table(
  `DynamoDB per request (counted on dynalite, once each; on AWS: round trips x ${ON_AWS_ROUND_TRIP_MS.median} ms median, ${ON_AWS_ROUND_TRIP_MS.tail} ms tail, stated)`,
  ['', 'status', 'calls', 'round trips', 'RCU', 'WCU', 'AWS ms', 'AWS tail ms'],
  [...writePaths.values()].map((row) => [
    row.request,
    String(row.status),
    String(row.calls),
    String(row.sequential),
    String(row.readUnits),
    String(row.writeUnits),
    String(row.onAwsMs.median),
    String(row.onAwsMs.tail),
  ]),
);
table(
  `Sandbox resident size (MB, after a forced GC once settled; keyed POST /v1/Test, ${memory.writesPerSecond} a second)`,
  ['', 'writes', 'rss', 'heap used', 'array buffers'],
  [
    memoryRow('start', memory.start),
    memoryRow('after warm-up', memory.afterWarmup),
    ...memory.during.map((sample) => memoryRow('during the writes', sample)),
  ],
);
console.log(
  `rss after ${memory.writes} writes: ${memory.rssRatioToStart}x start, ${memory.rssRatioToWarmup}x after warm-up; the second half of the writes added ${memory.rssGrowthSecondHalfMB} MB of rss and retained ${memory.retainedKBPerWriteSecondHalf} KB per write (heap used and array buffers)`,
);
table(
  `Lambda bundles (as deployed: esbuild ESM, minified, lazy chunks apart; load = median of ${bundleResults.runs} fresh processes, ms)`,
  ['', 'KiB', 'lazy KiB', 'import', 'floor', 'ratio', 'target', 'Node maps', 'floor clients'],
  bundleResults.bundles.map((item) => [
    item.entry,
    (item.bytes / 1024).toFixed(1),
    (item.lazyBytes / 1024).toFixed(1),
    ms(item.importMs),
    ms(item.floor.importMs),
    `${item.ratioToFloor.toFixed(2)}x`,
    `${loadTarget(item.entry).toFixed(2)}x`,
    ms(item.importWithNodeSourceMapsMs),
    item.clients.map((client) => client.replace('@aws-sdk/client-', '')).join(' '),
  ]),
);
console.log(
  `empty module: import ${ms(bundleResults.emptyImportMs)} ms, process ${ms(bundleResults.emptyProcessMs)} ms${withoutSdk ? `; receiver with the AWS SDK stubbed: ${ms(withoutSdk.importMs)} ms` : ''}`,
);
console.log(
  `largest inputs loaded at import: ${bundleResults.bundles
    .map(
      (item) =>
        `${basename(item.entry, '.ts')}: ${item.topInputs
          .slice(0, 3)
          .map((input) => `${input.name} ${(input.bytes / 1024).toFixed(0)}`)
          .join(', ')}`,
    )
    .join('; ')}`,
);
table(
  'Throughput on one core (per second; the sandbox runs in the bench process)',
  ['', 'per s'],
  [
    ['crypto floor: RSA verify + sign pairs', String(throughput.cryptoPairsPerSecond)],
    ['crypto floor: RSA signs', String(throughput.rsaSignsPerSecond)],
    ['receiver answers (handler, one at a time)', String(throughput.receiverAnswersPerSecond)],
    [
      `webhooks end to end, ${throughput.webhooksEndToEnd.published} of ${throughput.webhooksEndToEnd.webhooks} published`,
      String(throughput.webhooksEndToEndPerSecond),
    ],
    ['gateway operations (POST /v1/Test, one at a time)', String(throughput.gatewayOperationsPerSecond)],
    ['payment sends through the gateway (one at a time)', String(throughput.paymentSendsPerSecond)],
    ['settlement webhooks, processor only (one at a time)', String(throughput.settlementsProcessedPerSecond)],
  ],
);
console.log('\nAims');
for (const [name, aim] of Object.entries(aims))
  console.log(`  ${aim.met ? 'met    ' : 'NOT met'}  ${name}: ${aim.measured}`);
console.log(`\nwrote bench-results.json in ${results.durationSeconds} s`);
