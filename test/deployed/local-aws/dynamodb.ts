import type { AddressInfo } from 'node:net';
import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import type { Account } from './iam.js';
import { forward } from './forward.js';
import { jsonError, jsonService, Refusal, type Service } from './service.js';

export interface TableDefinition {
  readonly name: string;
  readonly keySchema: KeySchemaElement[];
  readonly attributeDefinitions: AttributeDefinition[];
}

export interface LocalDynamo {
  readonly endpoint: string;
  close(): Promise<void>;
}

/** dynalite in memory with the given tables, each ACTIVE before this returns. */
export async function startDynalite(tables: readonly TableDefinition[], region: string): Promise<LocalDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new DynamoDBClient({ endpoint, region, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  try {
    for (const table of tables) {
      await client.send(
        new CreateTableCommand({
          TableName: table.name,
          BillingMode: 'PAY_PER_REQUEST',
          KeySchema: table.keySchema,
          AttributeDefinitions: table.attributeDefinitions,
        }),
      );
    }
    // dynalite makes a table ACTIVE on a timer after CreateTable answers: wait, a bounded number of times.
    for (const table of tables) await untilActive(client, table.name);
  } finally {
    client.destroy();
  }
  return { endpoint, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function untilActive(client: DynamoDBClient, name: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    if (Table?.TableStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`dynalite table ${name} did not become ACTIVE`);
}

/** Item and table operations on one table (`TableName`) or several (`RequestItems`), passed to dynalite. */
const OPERATIONS = [
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'BatchWriteItem',
  'DescribeTable',
];

export function dynamoDbService(dynamoEndpoint: string, { partition, region, account }: Account): Service {
  const tableArn = (name: string) => `arn:${partition}:dynamodb:${region}:${account}:table/${name}`;
  return jsonService(
    'dynamodb',
    Object.fromEntries(
      OPERATIONS.map((operation) => [
        operation,
        (input, request) => {
          const action = `dynamodb:${operation}`;
          const tables =
            typeof input.TableName === 'string' ? [input.TableName] : Object.keys(input.RequestItems ?? {});
          if (tables.length === 0) throw new Refusal(action, jsonError('ValidationException', 'no table named'));
          return {
            authorizations: tables.map((name) => ({ action, resource: tableArn(name) })),
            perform: () => forward(dynamoEndpoint, request),
          };
        },
      ]),
    ),
    (message) => jsonError('com.amazonaws.dynamodb.v20120810#AccessDeniedException', message),
  );
}
