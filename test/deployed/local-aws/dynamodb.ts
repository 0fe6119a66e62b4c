import type { AddressInfo } from 'node:net';
import { type CreateTableCommandInput, CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { untilActive } from '#local/dynamo.js';
import type { Account } from './iam.js';
import { forward } from './forward.js';
import { eachOperation, jsonError, jsonErrorOf, jsonService, Refusal, type Service } from './service.js';

/** As the template's AWS::DynamoDB::Table spells them. */
export interface TableDefinition {
  readonly name: string;
  readonly keySchema: readonly { AttributeName: string; KeyType: string }[];
  readonly attributeDefinitions: readonly { AttributeName: string; AttributeType: string }[];
}

export interface LocalDynamo {
  readonly endpoint: string;
  close(): Promise<void>;
}

/** dynalite in memory with the given tables, each ACTIVE before this returns. */
export async function startDynalite(
  tables: readonly TableDefinition[],
  region: string,
): Promise<LocalDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const client = new DynamoDBClient({
    endpoint,
    region,
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  try {
    for (const table of tables) {
      await client.send(
        new CreateTableCommand({
          TableName: table.name,
          BillingMode: 'PAY_PER_REQUEST',
          // CreateTable validates the key types and attribute types the template spells as plain strings.
          KeySchema: table.keySchema as CreateTableCommandInput['KeySchema'],
          AttributeDefinitions: table.attributeDefinitions as CreateTableCommandInput['AttributeDefinitions'],
        }),
      );
    }
    // dynalite makes a table ACTIVE on a timer after CreateTable answers: wait, a bounded number of times.
    for (const table of tables) await untilActive(client, table.name);
  } catch (error) {
    await close();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, close };
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
    eachOperation(OPERATIONS, (input, request, action) => {
      const tables =
        typeof input.TableName === 'string' ? [input.TableName] : Object.keys(input.RequestItems ?? {});
      if (tables.length === 0)
        throw new Refusal(action, 'no table named', jsonErrorOf('ValidationException'));
      return {
        authorizations: tables.map((name) => ({ action, resource: tableArn(name) })),
        perform: () => forward(dynamoEndpoint, request),
      };
    }),
    (message) => jsonError('com.amazonaws.dynamodb.v20120810#AccessDeniedException', message),
  );
}
