import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { type TableDefinition, tables } from '../shared/config/tables.js';

export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  /** Physical table name per logical name. */
  tableName(definition: TableDefinition): string;
  close(): Promise<void>;
}

/** Fake credentials: dynalite checks none, but the SDK signs every request. */
const localCredentials = { accessKeyId: 'sandbox', secretAccessKey: 'sandbox' };

/** dynalite in memory with the tables the CDK stateful stack defines, created from the same definitions. */
export async function startLocalDynamo(prefix = 'clearway-'): Promise<LocalDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new DynamoDBClient({ endpoint, region: 'eu-west-2', credentials: localCredentials });
  const tableName = (definition: TableDefinition) => `${prefix}${definition.name}`;
  for (const definition of tables) {
    const keys = [definition.partitionKey, ...(definition.sortKey ? [definition.sortKey] : [])];
    await client.send(
      new CreateTableCommand({
        TableName: tableName(definition),
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keys.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: keys.map((name, index) => ({
          AttributeName: name,
          KeyType: index === 0 ? 'HASH' : 'RANGE',
        })),
      }),
    );
  }
  return {
    endpoint,
    client,
    tableName,
    close: async () => {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
