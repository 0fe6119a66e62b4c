import { randomUUID } from 'node:crypto';
import { jsonError, jsonReply, jsonService, requiredString, type Service } from './service.js';

export interface StateMachineDefinition {
  readonly name: string;
  readonly arn: string;
  /** Runs a started execution (the harness binds it to the template's definition); else it is only recorded. */
  readonly run?: (name: string, input: Record<string, unknown>) => void;
}

export interface ExecutionRecord {
  readonly stateMachineArn: string;
  readonly name: string;
  readonly input: string;
}

/**
 * Step Functions' `StartExecution`, recorded and handed to the machine's `run`. As AWS does, a start with the name and input of an
 * execution already started answers that execution, and with another input is `ExecutionAlreadyExists`.
 */
export function stepFunctionsService(
  stateMachines: readonly StateMachineDefinition[],
  executions: ExecutionRecord[],
): Service {
  const started = new Map<string, { input: string; startDate: number }>();
  return jsonService('states', {
    StartExecution: (input, _, action) => {
      const stateMachineArn = requiredString(input, 'stateMachineArn', action);
      return {
        authorizations: [{ action, resource: stateMachineArn }],
        perform: () => {
          const machine = stateMachines.find((candidate) => candidate.arn === stateMachineArn);
          if (machine === undefined)
            return jsonError(
              'StateMachineDoesNotExist',
              `State Machine Does Not Exist: '${stateMachineArn}'`,
            );
          const name = typeof input.name === 'string' ? input.name : randomUUID();
          const executionInput = typeof input.input === 'string' ? input.input : '{}';
          const executionArn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
          const existing = started.get(executionArn);
          if (existing !== undefined && existing.input !== executionInput)
            return jsonError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
          if (existing === undefined) {
            started.set(executionArn, { input: executionInput, startDate: Date.now() / 1000 });
            executions.push({ stateMachineArn, name, input: executionInput });
            machine.run?.(name, JSON.parse(executionInput) as Record<string, unknown>);
          }
          return jsonReply({ executionArn, startDate: started.get(executionArn)?.startDate });
        },
      };
    },
  });
}
