import {
  DescribeArchiveCommand,
  DescribeReplayCommand,
  type EventBridgeClient,
  ListRulesCommand,
  StartReplayCommand,
} from '@aws-sdk/client-eventbridge';
import { type CliContext, type Command, parseOptions, UsageError } from '../cli/framework.js';
import { parseReplayTime, type ReplayWindow, replayWindowProblem } from './replay-window.js';

/** DescribeReplay is asked every this often while the replay runs. */
export const REPLAY_POLL_MS = 5_000;
/** The command stops watching after this many polls (an hour); the replay itself goes on. */
export const REPLAY_MAX_POLLS = 720;
/** ListRules pages read at most (100 rules each): a bus has far fewer rules. */
const MAX_RULE_PAGES = 20;

const usage = `usage: clearway replay --from <time> --to <time> [--detail-type <type>] (--archive <name> | --sandbox)

Replays the events published between two times (ISO 8601 with an offset, e.g. 2026-03-02T10:00:00Z) to the
bus again, marked with a "replay-name", and reports progress until the replay ends. Consumers deduplicate on
detail.key (bank events) or detail.transitionId (gateway events), so a replayed event they already handled is
dropped.

  --from <time>, --to <time>  the window; in the past, from before to, within the archive's retention
  --detail-type <type>        only to the bus rules whose event pattern names this detail-type (on AWS:
                              EventBridge replays to rules, not by pattern; each rule still applies its own)
  --archive <name>            the bus's EventBridge archive (stack output EventArchiveName)
  --sandbox                   replay from the local sandbox's event log instead: CLEARWAY_GATEWAY_URL, or
                              http://127.0.0.1:$CLEARWAY_PORT (port 3000 by default)`;

/** `clearway replay`: starts an EventBridge replay from the bus's archive (or the sandbox's log) and follows it. */
export const replayCommand: Command = {
  summary: 'replay past events to the bus (from its EventBridge archive, or the sandbox event log)',
  usage,
  async run(args, context) {
    const options = parseOptions(args, {
      from: { type: 'string' },
      to: { type: 'string' },
      'detail-type': { type: 'string' },
      archive: { type: 'string' },
      sandbox: { type: 'boolean' },
    });
    const window = {
      from: requiredTime(options.from, '--from'),
      to: requiredTime(options.to, '--to'),
    };
    const detailType = options['detail-type'];
    if (detailType !== undefined && !/^\S.{0,127}$/.test(detailType)) {
      throw new UsageError('--detail-type must be 1 to 128 characters, such as PaymentStatusChanged');
    }
    if (options.sandbox === true) {
      if (options.archive !== undefined) throw new UsageError('give --archive or --sandbox, not both');
      // The sandbox judges the window on its own clock, which may stand days ahead of this machine's.
      return replayInSandbox(window, detailType, context);
    }
    const archive = options.archive;
    if (archive === undefined || !/^[.\-_A-Za-z0-9]{1,48}$/.test(archive)) {
      throw new UsageError(
        'pass the bus archive with --archive <name> (stack output EventArchiveName), or --sandbox',
      );
    }
    // Reversed and future windows are refused before any AWS call; the retention needs the archive.
    const early = replayWindowProblem(window, context.now(), Number.POSITIVE_INFINITY);
    if (early) throw new UsageError(early);
    return replayOnAws(archive, window, detailType, context);
  },
};

function requiredTime(text: string | undefined, option: string): Date {
  if (text === undefined) throw new UsageError(`pass ${option} <time>, such as 2026-03-02T10:00:00Z`);
  const time = parseReplayTime(text);
  if (time === undefined) {
    throw new UsageError(
      `${option} "${text}" is not an ISO 8601 time with an offset, such as 2026-03-02T10:00:00Z`,
    );
  }
  return time;
}

async function replayOnAws(
  archiveName: string,
  window: ReplayWindow,
  detailType: string | undefined,
  context: CliContext,
): Promise<void> {
  const client = context.eventBridge();
  const archive = await client.send(new DescribeArchiveCommand({ ArchiveName: archiveName }));
  const busArn = archive.EventSourceArn;
  if (archive.ArchiveArn === undefined || busArn === undefined) {
    throw new Error(`DescribeArchive ${archiveName} named no archive or bus ARN`);
  }
  // 0 (or none) means the archive keeps events indefinitely.
  const retention = archive.RetentionDays ? archive.RetentionDays : Number.POSITIVE_INFINITY;
  const problem = replayWindowProblem(window, context.now(), retention);
  if (problem) throw new UsageError(problem);

  const ruleArns = detailType === undefined ? undefined : await rulesNaming(client, busArn, detailType);
  const replayName = newReplayName(context.now());
  await client.send(
    new StartReplayCommand({
      ReplayName: replayName,
      Description: `clearway replay${detailType ? ` --detail-type ${detailType}` : ''}`,
      EventSourceArn: archive.ArchiveArn,
      EventStartTime: window.from,
      EventEndTime: window.to,
      Destination: { Arn: busArn, ...(ruleArns && { FilterArns: ruleArns }) },
    }),
  );
  context.out(
    `started replay ${replayName} of ${window.from.toISOString()} to ${window.to.toISOString()}` +
      `${ruleArns ? ` to ${ruleArns.length} rule(s) naming ${detailType}` : ' to every rule of the bus'}\n`,
  );

  let reported = '';
  for (let poll = 0; poll < REPLAY_MAX_POLLS; poll++) {
    const replay = await client.send(new DescribeReplayCommand({ ReplayName: replayName }));
    const state = replay.State ?? 'UNKNOWN';
    const line = `replay ${replayName}: ${state}${
      replay.EventLastReplayedTime
        ? `, events replayed up to ${replay.EventLastReplayedTime.toISOString()}`
        : ''
    }`;
    if (line !== reported) context.out(`${line}\n`);
    reported = line;
    if (state === 'COMPLETED') return;
    if (state === 'FAILED' || state === 'CANCELLED') {
      throw new Error(
        `replay ${replayName} ${state.toLowerCase()}${replay.StateReason ? `: ${replay.StateReason}` : ''}`,
      );
    }
    await context.sleep(REPLAY_POLL_MS);
  }
  throw new Error(
    `stopped watching replay ${replayName} after ${(REPLAY_MAX_POLLS * REPLAY_POLL_MS) / 60_000} minutes; it goes on (DescribeReplay ${replayName})`,
  );
}

/**
 * The bus's rules whose event pattern lists this detail-type. EventBridge replays to rules (FilterArns),
 * never by a pattern of its own; a rule that matches any detail-type is left out, since it would receive
 * every type replayed.
 */
async function rulesNaming(client: EventBridgeClient, busArn: string, detailType: string): Promise<string[]> {
  const arns: string[] = [];
  let nextToken: string | undefined;
  for (let page = 0; page < MAX_RULE_PAGES; page++) {
    const listed = await client.send(new ListRulesCommand({ EventBusName: busArn, NextToken: nextToken }));
    for (const rule of listed.Rules ?? []) {
      if (rule.Arn !== undefined && patternNames(rule.EventPattern, detailType)) arns.push(rule.Arn);
    }
    nextToken = listed.NextToken;
    if (nextToken === undefined) break;
  }
  if (arns.length === 0) {
    throw new Error(
      `no rule of the bus names detail-type ${detailType} in its event pattern: nothing would receive the replay`,
    );
  }
  return arns;
}

function patternNames(pattern: string | undefined, detailType: string): boolean {
  if (pattern === undefined) return false;
  try {
    const listed = (JSON.parse(pattern) as Record<string, unknown>)['detail-type'];
    return Array.isArray(listed) && listed.includes(detailType);
  } catch {
    return false;
  }
}

/** `clearway-<UTC time>-<random>`: unique, at most 64 characters of EventBridge's `[.\-_A-Za-z0-9]+`. */
function newReplayName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `clearway-${stamp}-${Math.random().toString(36).slice(2, 8)}`;
}

async function replayInSandbox(window: ReplayWindow, detailType: string | undefined, context: CliContext) {
  const gateway = (
    context.env.CLEARWAY_GATEWAY_URL ?? `http://127.0.0.1:${context.env.CLEARWAY_PORT ?? '3000'}`
  ).replace(/\/+$/, '');
  const response = await context.fetch(`${gateway}/gateway/local/replay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      ...(detailType && { detailType }),
    }),
  });
  const answer = (await response.json().catch(() => ({}))) as {
    replayName?: string;
    replayed?: number;
    detail?: string;
  };
  if (response.status === 400) throw new UsageError(answer.detail ?? 'the sandbox refused the replay');
  if (!response.ok)
    throw new Error(`the sandbox answered ${response.status}${answer.detail ? `: ${answer.detail}` : ''}`);
  context.out(
    `replay ${answer.replayName}: COMPLETED, ${answer.replayed} event(s) replayed from the sandbox's log\n`,
  );
}
