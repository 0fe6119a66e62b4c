import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FamilyDefinition } from '#shared/families/definition.js';
import type { TrackerPorts } from '#shared/families/ports.js';
import { tables } from '#shared/families/index.js';
import { trackersFor } from '#shared/families/runtime.js';
import type { OperationTracker } from '#shared/gateway/tracker.js';
import type { Operation } from '#shared/operations/operation.js';
import { awsTableName } from '#shared/runtime/aws-family-ports.js';

afterEach(() => vi.unstubAllEnvs());

const operation = (id: string, tracker?: string) => ({ id, tracker }) as Operation;
const tracker = (): OperationTracker => ({ claim: async () => undefined, settle: async () => undefined });
const ports = {} as TrackerPorts;

describe('a function carries the trackers its operations name, built by their families', () => {
  const operations = [operation('send', 'payments'), operation('read'), operation('return', 'payments')];
  const built: string[] = [];
  const family = (name: string): FamilyDefinition => ({
    name,
    access: {},
    publishes: [],
    raisesAttention: [],
    reads: [],
    tracker: async () => () => (built.push(name), tracker()),
  });

  it('builds each named tracker once, and only those, even with every family listed', async () => {
    built.length = 0;
    const trackers = await trackersFor(operations, ports, [family('payments'), family('fx')]);
    expect(Object.keys(trackers)).toEqual(['payments']);
    expect(built).toEqual(['payments']);
    expect(await trackersFor([operation('read')], ports, [family('payments')])).toEqual({});
  });

  it('fails naming a tracker no family builds, and the operations that name it', async () => {
    await expect(trackersFor(operations, ports, [family('fx')])).rejects.toThrow(
      'the "payments" tracker, named by send, return, is no family\'s tracker',
    );
  });
});

describe('tables on AWS are named by the environment', () => {
  it.each(tables.map((table) => [table.name, table] as const))(
    'the %s table has its variable',
    (_, table) => {
      expect(() => awsTableName(table)).toThrow(/environment variable \w+ is not set/);
    },
  );

  it('reads the physical name the stack sets', () => {
    vi.stubEnv('PAYMENTS_TABLE', 'clearway-sim-payments');
    expect(awsTableName(tables.find((table) => table.name === 'payments')!)).toBe('clearway-sim-payments');
  });
});
