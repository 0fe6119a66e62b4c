import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** One DynamoDB request as the SDK sent it: its command and when it started and ended (performance.now). */
export interface DynamoCall {
  command: string;
  start: number;
  end: number;
  /** The capacity units DynamoDB (dynalite) says it consumed: reads for a get, writes otherwise. */
  capacityUnits: number;
}

type Consumed = { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> | undefined;

export interface DynamoCallRecorder {
  /** The calls recorded since the last `reset`, in the order they started. */
  calls(): DynamoCall[];
  reset(): void;
  /** Removes the recorder from the client. */
  stop(): void;
}

/**
 * Records every request of `client` and of every document client made from it (they share its middleware
 * stack): the command's name, its start and its end, retries of one command counted once.
 */
export function recordDynamoCalls(client: DynamoDBClient): DynamoCallRecorder {
  const name = `clearway-call-recorder-${Math.random().toString(36).slice(2)}`;
  let recorded: DynamoCall[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const call = {
        command: String(context.commandName ?? 'unknown'),
        start: performance.now(),
        end: 0,
        capacityUnits: 0,
      };
      recorded.push(call);
      // Asked for on every call: it changes what DynamoDB answers, never what it does.
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      try {
        const result = await next(args);
        const consumed = (result.output as { ConsumedCapacity?: Consumed }).ConsumedCapacity;
        for (const entry of [consumed ?? []].flat()) call.capacityUnits += entry.CapacityUnits ?? 0;
        return result;
      } finally {
        call.end = performance.now();
      }
    },
    { step: 'initialize', name },
  );
  return {
    calls: () => [...recorded].sort((a, b) => a.start - b.start),
    reset: () => {
      recorded = [];
    },
    stop: () => {
      client.middlewareStack.remove(name);
    },
  };
}

/**
 * The longest chain of calls each started after the previous one ended: the round trips a request waits for
 * one behind another, whatever ran beside them.
 */
export function sequentialRoundTrips(calls: readonly DynamoCall[]): number {
  const byStart = [...calls].sort((a, b) => a.start - b.start);
  const chain: number[] = [];
  byStart.forEach((call, index) => {
    let longest = 0;
    for (let before = 0; before < index; before++) {
      const earlier = byStart[before] as DynamoCall;
      if (earlier.end <= call.start) longest = Math.max(longest, chain[before] as number);
    }
    chain.push(longest + 1);
  });
  return Math.max(0, ...chain);
}

/** The calls by command, e.g. `{ PutItemCommand: 3, UpdateItemCommand: 2 }`. */
export function callsByCommand(calls: readonly DynamoCall[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of calls) counts[call.command] = (counts[call.command] ?? 0) + 1;
  return counts;
}

/** Capacity units by kind: reads (GetItem, BatchGetItem) and writes (every other item call). */
export function capacityOf(calls: readonly DynamoCall[]): { readUnits: number; writeUnits: number } {
  const isRead = (call: DynamoCall) => /^(Get|BatchGet)Item/.test(call.command);
  const sum = (selected: DynamoCall[]) => selected.reduce((total, call) => total + call.capacityUnits, 0);
  return { readUnits: sum(calls.filter(isRead)), writeUnits: sum(calls.filter((call) => !isRead(call))) };
}
