import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import {
  type AttributeValue,
  ConditionalCheckFailedException,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IdempotencyKeyInProgressError,
  lazyRunOnce,
  type RunOnce,
  type StoredAnswer,
} from '#shared/gateway/idempotency.js';
import { powertoolsRunOnce } from '#shared/gateway/powertools-run-once.js';

const client = new DynamoDBClient({
  region: 'local',
  credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
});
const dynamo = mockClient(client);
const call = { scope: 'arn:aws:iam::1:user/caller', key: 'k-1', fingerprint: 'f', remainingMs: 2_000 };
const created: StoredAnswer = { status: 201, headers: {}, body: '{"account":{}}' };

/** The key is held: the conditional put is refused without the old record, as dynalite refuses it. */
const held = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

function runOnce() {
  return powertoolsRunOnce(
    new DynamoDBPersistenceLayer({ tableName: 'idempotency', awsSdkV3Client: client }),
  );
}

beforeEach(() => {
  dynamo.reset();
  dynamo.on(UpdateItemCommand).resolves({});
});

describe('a key released by its failed holder while this call was being refused', () => {
  it('is claimed again and the work runs once, instead of failing with the record not found', async () => {
    dynamo.on(PutItemCommand).rejectsOnce(held()).resolves({});
    dynamo.on(GetItemCommand).resolves({}); // released between the refused put and the read
    const work = vi.fn(async () => created);

    const answer = await runOnce()(call, work);

    expect(answer).toEqual(created);
    expect(work).toHaveBeenCalledTimes(1);
    expect(dynamo.commandCalls(PutItemCommand)).toHaveLength(2);
  });

  it('still answers in progress while the holder keeps the key, without claiming again', async () => {
    // Another caller holds the key with the same request: its record is what this call would have written.
    let holders: Record<string, AttributeValue> | undefined;
    dynamo.on(PutItemCommand).callsFake((input: { Item: Record<string, AttributeValue> }) => {
      holders = input.Item;
      throw held();
    });
    dynamo.on(GetItemCommand).callsFake(() => ({ Item: holders }));
    const work = vi.fn(async () => created);

    await expect(runOnce()(call, work)).rejects.toBeInstanceOf(IdempotencyKeyInProgressError);
    expect(work).not.toHaveBeenCalled();
    expect(dynamo.commandCalls(PutItemCommand)).toHaveLength(1);
  });
});

describe('lazyRunOnce', () => {
  it('loads the implementation on the first call only, and never for a function that makes none', async () => {
    const load = vi.fn(
      async () => (async (_call: unknown, work: () => Promise<StoredAnswer>) => work()) as RunOnce,
    );
    const runOnce = lazyRunOnce(load);
    expect(load).not.toHaveBeenCalled();
    const answer: StoredAnswer = { status: 201, headers: {}, body: '{}' };
    const call = { scope: 's', key: 'k', fingerprint: 'f', remainingMs: 1000 };
    await expect(runOnce(call, async () => answer)).resolves.toEqual(answer);
    await expect(runOnce(call, async () => answer)).resolves.toEqual(answer);
    expect(load).toHaveBeenCalledOnce();
  });
});
