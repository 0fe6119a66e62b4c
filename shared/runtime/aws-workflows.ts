import { ENV } from '../config/function-environment.js';
import type { BatchWorkflows } from '../mccy-payments/ports.js';
import { once, requireEnv } from './aws-common.js';

/**
 * `TrackerPorts.workflows` on AWS: the stack's batch state machine, named when the tracker is built (a
 * missing ARN fails the cold start); the Step Functions client is loaded on the first start, so only a
 * function that starts a workflow carries it.
 */
export const awsBatchWorkflows = once((): BatchWorkflows => {
  const stateMachineArn = requireEnv(ENV.mccyBatchWorkflowArn);
  const workflows = once(async () => {
    const [{ SFNClient }, { StepFunctionsBatchWorkflows }] = await Promise.all([
      import('@aws-sdk/client-sfn'),
      import('../workflows/step-functions.js'),
    ]);
    return new StepFunctionsBatchWorkflows(new SFNClient({}), stateMachineArn);
  });
  return { start: async (input) => (await workflows()).start(input) };
});
