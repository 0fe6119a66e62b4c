import { ExecutionAlreadyExists, type SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { BatchWorkflowInput } from './mccy-batch.js';

/**
 * Starts the batch workflow on Step Functions, one execution per batch named by its batchId: a second start
 * (a retried request) with the same input is answered with the running execution, never a second one.
 */
export class StepFunctionsBatchWorkflows {
  constructor(
    private readonly client: SFNClient,
    private readonly stateMachineArn: string,
  ) {}

  async start(input: BatchWorkflowInput): Promise<void> {
    try {
      await this.client.send(
        new StartExecutionCommand({
          stateMachineArn: this.stateMachineArn,
          name: input.batchId,
          input: JSON.stringify(input),
        }),
      );
    } catch (error) {
      // The same name with another input: the batch already has its workflow.
      if (error instanceof ExecutionAlreadyExists) return;
      throw error;
    }
  }
}
