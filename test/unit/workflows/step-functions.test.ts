import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { StepFunctionsBatchWorkflows } from '#shared/workflows/step-functions.js';

const sfn = mockClient(SFNClient);
const ARN = 'arn:aws:states:eu-west-2:111122223333:stateMachine:clearway-test-mccy-batches';
const input = {
  batchId: '6f1c2a54-7a0e-4a3c-9d55-0d3f4d2b9a11',
  currency: 'EUR',
  receivedAt: '2026-03-06T18:00:00.000Z',
  cancellationDeadline: '2026-03-09T07:30:00.000Z',
  processingAt: '2026-03-09T08:30:00.000Z',
  overdueAt: '2026-03-09T12:30:00.000Z',
};

describe('StepFunctionsBatchWorkflows', () => {
  beforeEach(() => sfn.reset());

  it('starts one execution named by the batchId with the batch times as input', async () => {
    sfn.on(StartExecutionCommand).resolves({ executionArn: `${ARN}:x`, startDate: new Date() });
    await new StepFunctionsBatchWorkflows(new SFNClient({}), ARN).start(input);
    const [call] = sfn.commandCalls(StartExecutionCommand);
    expect(call?.args[0].input).toEqual({
      stateMachineArn: ARN,
      name: input.batchId,
      input: JSON.stringify(input),
    });
  });

  it('treats an execution that already exists as started', async () => {
    sfn.on(StartExecutionCommand).rejects(new ExecutionAlreadyExists({ message: 'exists', $metadata: {} }));
    await expect(
      new StepFunctionsBatchWorkflows(new SFNClient({}), ARN).start(input),
    ).resolves.toBeUndefined();
  });

  it('lets any other failure reach the caller', async () => {
    sfn.on(StartExecutionCommand).rejects(new Error('throttled'));
    await expect(new StepFunctionsBatchWorkflows(new SFNClient({}), ARN).start(input)).rejects.toThrow(
      'throttled',
    );
  });
});
