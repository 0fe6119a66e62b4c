import { afterEach, describe, expect, it, vi } from 'vitest';
import { tables } from '#shared/config/tables.js';
import type { OperationTracker } from '#shared/gateway/tracker.js';
import type { Operation } from '#shared/operations/operation.js';
import { awsTableName } from '#shared/runtime/aws-family-ports.js';
import { trackerNamesOf, trackersFor } from '#shared/runtime/wiring.js';

afterEach(() => vi.unstubAllEnvs());

const operation = (id: string, tracker?: string) => ({ id, tracker }) as Operation;
const tracker = (): OperationTracker => ({ claim: async () => undefined, settle: async () => undefined });

describe('a function carries the trackers its operations name', () => {
  const operations = [operation('send', 'payments'), operation('read'), operation('return', 'payments')];

  it('names each tracker once, whatever its operations', () => {
    expect(trackerNamesOf(operations)).toEqual(['payments']);
    expect(trackerNamesOf([operation('read')])).toEqual([]);
  });

  it('builds only those, even when given every family’s builder (the sandbox)', () => {
    const built: string[] = [];
    const builder = (name: string) => () => (built.push(name), tracker());
    const trackers = trackersFor(operations, { payments: builder('payments'), fx: builder('fx') });
    expect(Object.keys(trackers)).toEqual(['payments']);
    expect(built).toEqual(['payments']);
  });

  it('fails naming a tracker no builder is given for, and the operations that name it', () => {
    expect(() => trackersFor(operations, { fx: tracker })).toThrow(
      'the "payments" tracker, named by send, return, is not wired here',
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
