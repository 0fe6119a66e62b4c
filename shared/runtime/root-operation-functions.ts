import { ENV, ENVIRONMENT_NAMES, type EnvironmentName } from '../config/function-environment.js';
import { idempotencyTable } from '../config/tables.js';
import { DynamoDbAttemptLog } from '../gateway/attempt-log.js';
import type { ForwardDependencies } from '../gateway/forward-operation.js';
import { lazyRunOnce } from '../gateway/idempotency.js';
import { logger } from '../observability.js';
import type { FamilyDefinition } from '../families/definition.js';
import type { TrackerPorts } from '../families/ports.js';
import { trackersFor } from '../families/runtime.js';
import type { Operation } from '../operations/operation.js';
import type { EventPublisher } from '../ports/events.js';
import { once, requireEnv } from './aws-common.js';
import { awsBankClient } from './aws-bank.js';
import { awsDynamoClient, awsFamilyPorts, awsTableName } from './aws-family-ports.js';
import { awsBatchWorkflows } from './aws-workflows.js';

/** The use case every operation function runs on AWS: the bank client, idempotency, the attempt log. */
const awsForwardDependencies = once((): ForwardDependencies => {
  const bank = awsBankClient();
  const tableName = awsTableName(idempotencyTable);
  const dynamo = awsDynamoClient();
  const institution = { overdraftAgreement: process.env[ENV.overdraftAgreement] === 'true' };
  return {
    bank,
    // Loaded on the first keyed write (see lazyRunOnce).
    runOnce: lazyRunOnce(async () => {
      const [{ powertoolsRunOnce }, { DynamoDBPersistenceLayer }] = await Promise.all([
        import('../gateway/powertools-run-once.js'),
        import('@aws-lambda-powertools/idempotency/dynamodb'),
      ]);
      return powertoolsRunOnce(new DynamoDBPersistenceLayer({ tableName, awsSdkV3Client: dynamo }));
    }),
    attempts: new DynamoDbAttemptLog(dynamo, tableName),
    log: logger,
    institution,
    environment: environmentOf(requireEnv(ENV.environment)),
  };
});

/**
 * Composition root of an operation function on AWS: the shared use case, plus the trackers its operations
 * name, each built by its family (`shared/families/`, given by the entry) from AWS ports, with the bus and the
 * attention list where the family's definition says its operation function uses them. The entry builds it
 * at cold start.
 */
export function awsOperationDependencies(
  operations: readonly Operation[],
  /** The families whose trackers these operations name (`Operation.tracker`); none for the others. */
  own: readonly FamilyDefinition[] = [],
): () => Promise<ForwardDependencies> {
  return once(async () => {
    const forward = awsForwardDependencies();
    if (!operations.some((operation) => operation.tracker !== undefined)) return forward;
    const publishes = own.some((family) => family.publishes.includes('operations'));
    const raises = own.some((family) => family.raisesAttention.includes('operations'));
    const ports: TrackerPorts = {
      ...awsFamilyPorts(),
      // Their own modules: a function whose family publishes nothing loads no EventBridge client.
      events: publishes ? (await import('./aws-events.js')).awsEventPublisher() : noBus,
      ...(raises && { attention: (await import('./aws-attention.js')).awsAttention() }),
      bank: forward.bank,
      setting: (name) => process.env[name],
      workflows: awsBatchWorkflows,
    };
    return { ...forward, trackers: await trackersFor(operations, ports, own) };
  });
}

/** The bus of a function whose families publish nothing: reaching it is a wiring error, named. */
const noBus: EventPublisher = {
  publish: async (event) => {
    throw new Error(`${event.detailType}: this function's families publish no events (shared/families/)`);
  },
};

function environmentOf(value: string): EnvironmentName {
  if (!(ENVIRONMENT_NAMES as readonly string[]).includes(value)) {
    throw new Error(`${ENV.environment} must be one of ${ENVIRONMENT_NAMES.join(', ')}, not "${value}".`);
  }
  return value as EnvironmentName;
}
