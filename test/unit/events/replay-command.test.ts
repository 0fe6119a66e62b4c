import {
  DescribeArchiveCommand,
  DescribeReplayCommand,
  EventBridgeClient,
  ListRulesCommand,
  type ReplayState,
  StartReplayCommand,
} from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { runCli } from '#shared/cli/framework.js';
import { REPLAY_MAX_POLLS, replayCommand } from '#shared/events/replay-command.js';
import { testCliContext } from '#test/support/cli.js';

const now = new Date('2026-03-10T12:00:00Z');
const busArn = 'arn:aws:events:eu-west-2:123456789012:event-bus/clearway-simulation';
const archiveArn = 'arn:aws:events:eu-west-2:123456789012:archive/clearway-simulation-events';
const ruleArn = (name: string) => `arn:aws:events:eu-west-2:123456789012:rule/clearway-simulation/${name}`;
const window = ['--from', '2026-03-09T00:00:00Z', '--to', '2026-03-10T00:00:00Z'];

function setUp(replayStates: { State: ReplayState; EventLastReplayedTime?: Date; StateReason?: string }[]) {
  const client = new EventBridgeClient({ region: 'eu-west-2' });
  const eventBridge = mockClient(client);
  eventBridge
    .on(DescribeArchiveCommand)
    .resolves({ ArchiveArn: archiveArn, EventSourceArn: busArn, RetentionDays: 30 });
  eventBridge.on(StartReplayCommand).resolves({ State: 'STARTING' });
  const describe = eventBridge.on(DescribeReplayCommand);
  replayStates.forEach((state, index) =>
    index === replayStates.length - 1 ? describe.resolves(state) : describe.resolvesOnce(state),
  );
  eventBridge.on(ListRulesCommand).resolves({
    Rules: [
      { Arn: ruleArn('payments'), EventPattern: JSON.stringify({ 'detail-type': ['PaymentStatusChanged'] }) },
      { Arn: ruleArn('everything'), EventPattern: JSON.stringify({ source: ['clearway.bank'] }) },
      {
        Arn: ruleArn('fx-and-payments'),
        EventPattern: JSON.stringify({ 'detail-type': ['FxTradeStatusChanged', 'PaymentStatusChanged'] }),
      },
    ],
  });
  const sleeps: number[] = [];
  const { context, output } = testCliContext({
    eventBridge: () => client,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  const clearway = async (argv: string[]) => ({
    code: await runCli({ replay: replayCommand }, argv, context),
    ...output,
  });
  return { eventBridge, clearway, sleeps };
}

describe('clearway replay replays the archive to the bus and follows it until it ends', () => {
  it('starts a replay of the window from the archive to its bus and reports progress until it completes', async () => {
    const { eventBridge, clearway, sleeps } = setUp([
      { State: 'STARTING' },
      { State: 'RUNNING', EventLastReplayedTime: new Date('2026-03-09T06:00:00Z') },
      { State: 'COMPLETED', EventLastReplayedTime: new Date('2026-03-10T00:00:00Z') },
    ]);
    const { code, out } = await clearway(['replay', ...window, '--archive', 'clearway-simulation-events']);
    expect(code).toBe(0);
    const start = eventBridge.commandCalls(StartReplayCommand)[0]?.args[0].input;
    expect(start).toMatchObject({
      EventSourceArn: archiveArn,
      EventStartTime: new Date('2026-03-09T00:00:00Z'),
      EventEndTime: new Date('2026-03-10T00:00:00Z'),
      Destination: { Arn: busArn },
    });
    expect(start?.Destination?.FilterArns).toBeUndefined();
    expect(start?.ReplayName).toMatch(/^clearway-20260310T120000Z-[a-z0-9]+$/);
    expect(out).toContain('RUNNING, events replayed up to 2026-03-09T06:00:00.000Z');
    expect(out).toContain('COMPLETED, events replayed up to 2026-03-10T00:00:00.000Z');
    expect(sleeps).toEqual([5_000, 5_000]);
  });

  it('with --detail-type, replays only to the rules whose pattern names it', async () => {
    const { eventBridge, clearway } = setUp([{ State: 'COMPLETED' }]);
    const { code, out } = await clearway([
      'replay',
      ...window,
      '--archive',
      'clearway-simulation-events',
      '--detail-type',
      'PaymentStatusChanged',
    ]);
    expect(code).toBe(0);
    expect(eventBridge.commandCalls(StartReplayCommand)[0]?.args[0].input.Destination?.FilterArns).toEqual([
      ruleArn('payments'),
      ruleArn('fx-and-payments'),
    ]);
    expect(out).toContain('to 2 rule(s) naming PaymentStatusChanged');
  });

  it('starts nothing when no rule names the detail-type', async () => {
    const { eventBridge, clearway } = setUp([{ State: 'COMPLETED' }]);
    const { code, err } = await clearway([
      'replay',
      ...window,
      '--archive',
      'clearway-simulation-events',
      '--detail-type',
      'StatementArchived',
    ]);
    expect(code).toBe(1);
    expect(err).toContain('no rule of the bus names detail-type StatementArchived');
    expect(eventBridge.commandCalls(StartReplayCommand)).toHaveLength(0);
  });

  it('exits 1 with the reason when the replay fails', async () => {
    const { clearway } = setUp([{ State: 'RUNNING' }, { State: 'FAILED', StateReason: 'rule deleted' }]);
    const { code, err } = await clearway(['replay', ...window, '--archive', 'clearway-simulation-events']);
    expect(code).toBe(1);
    expect(err).toMatch(/^clearway replay: replay clearway-\S+ failed: rule deleted\n$/);
  });

  it('stops watching after a bounded number of polls', async () => {
    const { clearway, sleeps } = setUp([{ State: 'RUNNING' }]);
    const { code, err } = await clearway(['replay', ...window, '--archive', 'clearway-simulation-events']);
    expect(code).toBe(1);
    expect(err).toContain('stopped watching replay');
    expect(sleeps).toHaveLength(REPLAY_MAX_POLLS);
  });
});

describe('clearway replay refuses a window it cannot replay, in one line, exit 2', () => {
  const archive = ['--archive', 'clearway-simulation-events'];
  it.each([
    [
      ['--from', '2026-03-10T00:00:00Z', '--to', '2026-03-09T00:00:00Z', ...archive],
      'the window is reversed or empty',
    ],
    [
      ['--from', '2026-03-10T00:00:00Z', '--to', '2026-03-10T00:00:00Z', ...archive],
      'the window is reversed or empty',
    ],
    [
      ['--from', '2026-03-10T00:00:00Z', '--to', '2026-03-11T00:00:00Z', ...archive],
      'the window ends in the future',
    ],
    [
      ['--from', '2026-02-01T00:00:00Z', '--to', '2026-03-01T00:00:00Z', ...archive],
      "starts before the archive's retention of 30 days",
    ],
    [
      ['--from', 'yesterday', '--to', '2026-03-01T00:00:00Z', ...archive],
      '--from "yesterday" is not an ISO 8601 time',
    ],
    [
      ['--from', '2026-02-30T00:00:00Z', '--to', '2026-03-01T00:00:00Z', ...archive],
      '--from "2026-02-30T00:00:00Z"',
    ],
    [['--from', '2026-03-09T00:00:00', '--to', '2026-03-10T00:00:00Z', ...archive], 'with an offset'],
    [['--to', '2026-03-10T00:00:00Z', ...archive], 'pass --from <time>'],
    [[...window, ...archive, '--since', '2026-03-01T00:00:00Z'], "Unknown option '--since'"],
    [[...window, ...archive, '--detail-type', ''], '--detail-type must be'],
    [[...window, '--archive', 'no spaces allowed'], 'pass the bus archive with --archive'],
    [window, 'pass the bus archive with --archive'],
    [[...window, ...archive, '--sandbox'], 'give --archive or --sandbox, not both'],
  ])('%j: %s', async (options, message) => {
    const { eventBridge, clearway } = setUp([{ State: 'COMPLETED' }]);
    const { code, err } = await clearway(['replay', ...options]);
    expect(code).toBe(2);
    expect(err).toContain(message);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(eventBridge.commandCalls(StartReplayCommand)).toHaveLength(0);
  });
});
