import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { canonicalType, webhookIdentity } from '#shared/webhooks/identity.js';
import { defineWebhook } from '#shared/webhooks/payloads/define.js';
import {
  type EmitWebhook,
  typesOf,
  type WebhookPayload,
  type WebhookRecord,
  webhookPayloads,
  webhookRecordOf,
  webhookRecords,
  type WebhookType,
  type WebhookVersion,
} from '#shared/webhooks/payloads/index.js';

/**
 * One record per webhook `Type` (`defineWebhook`), and everything read from the list of them: the payload
 * index, the identity rules and the types a simulator emits with. The registry's own rules are checked by
 * `registryProblems`, which each rule's test shows failing on a list that breaks it.
 */

/** The payload members a schema declares, or undefined when its payload is not an object. */
function membersOf(schema: z.ZodMiniType): string[] | undefined {
  return schema instanceof z.ZodMiniObject ? Object.keys(schema.shape) : undefined;
}

/** What is wrong with a list of records, one line per problem. */
function registryProblems(records: readonly WebhookRecord[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    for (const type of typesOf(record)) {
      if (seen.has(type)) problems.push(`${type} is registered twice`);
      seen.add(type);
    }
    if (canonicalType(record.type) !== record.type)
      problems.push(`${record.type} ends in a version suffix: identity would key it as another type`);
    for (const alias of record.aliases)
      if (canonicalType(alias) !== record.type)
        problems.push(
          `${alias} is not ${record.type} with a version suffix: identity would not key it as one`,
        );
    if (Object.keys(record.versions).length === 0) problems.push(`${record.type} has no version`);
    if (record.key === 'digest-per-day') continue;
    for (const [version, schema] of Object.entries(record.versions)) {
      const members = membersOf(schema);
      if (members === undefined) {
        problems.push(`${record.type} v${version}: key fields need an object payload`);
        continue;
      }
      for (const field of record.key)
        if (!members.includes(field))
          problems.push(`${record.type} v${version}: key field ${field} is no member`);
    }
  }
  return problems;
}

const settled = { TransactionId: z.string(), DebitCreditCode: z.string() };
const record = (definition: Partial<WebhookRecord> & Pick<WebhookRecord, 'type'>): WebhookRecord => ({
  aliases: [],
  versions: { 1: z.strictObject(settled) },
  key: ['TransactionId'],
  ...definition,
});

describe('the webhook records', () => {
  it('register each Type once, keep their key fields in every version, and name aliases identity can read', () => {
    expect(registryProblems(webhookRecords)).toEqual([]);
  });

  it('find a Type registered twice, as a type or as an alias', () => {
    expect(
      registryProblems([
        record({ type: 'TransactionSettled' }),
        record({ type: 'TransactionSettled' }),
        record({ type: 'BacsMandateInitiated', aliases: ['BacsMandateInitiatedV2'] }),
        record({ type: 'BacsMandateInitiatedV', aliases: ['BacsMandateInitiatedV2'] }),
      ]),
    ).toEqual([
      'TransactionSettled is registered twice',
      'BacsMandateInitiatedV2 is registered twice',
      'BacsMandateInitiatedV2 is not BacsMandateInitiatedV with a version suffix: identity would not key it as one',
    ]);
  });

  it('find a key field that one version of the payload does not have', () => {
    expect(
      registryProblems([
        record({
          type: 'TransactionSettled',
          versions: { 5: z.strictObject({ TransactionId: z.string() }), 6: z.strictObject(settled) },
          key: ['TransactionId', 'DebitCreditCode'],
        }),
        record({ type: 'FITestEvent', versions: { 1: z.string() } }),
      ]),
    ).toEqual([
      'TransactionSettled v5: key field DebitCreditCode is no member',
      'FITestEvent v1: key fields need an object payload',
    ]);
  });

  it('find a type that identity would strip of a version suffix', () => {
    expect(registryProblems([record({ type: 'TransactionSettledV6' })])).toEqual([
      'TransactionSettledV6 ends in a version suffix: identity would key it as another type',
    ]);
  });

  it('are the payload index: every type and alias with its versions', () => {
    expect(Object.keys(webhookPayloads)).toEqual(webhookRecords.flatMap((each) => typesOf(each)));
    for (const each of webhookRecords)
      for (const type of typesOf(each)) {
        expect(webhookPayloads[type]).toBe(each.versions);
        expect(webhookRecordOf(type)).toBe(each);
      }
    expect(webhookRecordOf('Brand.New')).toBeUndefined();
    expect(webhookRecordOf('constructor')).toBeUndefined();
  });

  it('are the identity rules: a payload with its key fields is keyed by them, after its type', () => {
    for (const each of webhookRecords) {
      if (each.key === 'digest-per-day' || each.nestedKey !== undefined) continue;
      const payload = Object.fromEntries(each.key.map((field, index) => [field, `v${index}`]));
      for (const type of typesOf(each))
        expect(webhookIdentity(type, 1, payload, new Date()), type).toEqual({
          key: [each.type, ...each.key.map((_, index) => `v${index}`)].join(':'),
          basis: 'payload',
        });
    }
  });
});

describe('defineWebhook', () => {
  const payload = z.strictObject({ Id: z.string(), Side: z.string() });

  it('takes as key fields only members of every version, checked by the compiler', () => {
    defineWebhook({ type: 'A', versions: { 1: payload }, key: ['Id', 'Side'] });
    // @ts-expect-error `Other` is no member of the payload.
    defineWebhook({ type: 'A', versions: { 1: payload }, key: ['Other'] });
    defineWebhook({
      type: 'A',
      versions: { 1: payload, 2: z.strictObject({ Id: z.string() }) },
      // @ts-expect-error `Side` is no member of version 2.
      key: ['Side'],
    });
    // @ts-expect-error a key names at least one field.
    defineWebhook({ type: 'A', versions: { 1: payload }, key: [] });
    expect(defineWebhook({ type: 'A', versions: { 1: payload }, key: ['Id'] }).aliases).toEqual([]);
  });
});

describe('the types a simulator emits with', () => {
  it('name every registered Type, its versions and what the bank sends as its payload', () => {
    expectTypeOf<'TransactionSettled'>().toExtend<WebhookType>();
    expectTypeOf<'BacsMandateInitiatedV2'>().toExtend<WebhookType>();
    expectTypeOf<'Brand.New'>().not.toExtend<WebhookType>();
    expectTypeOf<WebhookVersion<'TransactionSettled'>>().toEqualTypeOf<6>();
    expectTypeOf<WebhookVersion<'BacsUnpaidDirectDebitReceivedV3'>>().toEqualTypeOf<3>();
    expectTypeOf<WebhookPayload<'Fx.Trade.Settlement.Failed', 1>['WillBeRetried']>().toEqualTypeOf<
      boolean | 'true' | 'false'
    >();
    expectTypeOf<WebhookPayload<'FITestEvent'>>().toEqualTypeOf<string>();
  });

  it('type an emitter so that a type, its version and its payload agree', () => {
    const sent: unknown[] = [];
    const emit: EmitWebhook<[institutionId: string], number> = (type, version, payload, institutionId) =>
      sent.push([type, version, payload, institutionId]);
    emit('FITestEvent', 1, 'test me', 'i-1');
    emit(
      'Mccy.InternalTransfers.Cancelled',
      1,
      {
        InstructedAmount: 5,
        InstructedCurrency: 'EUR',
        EndToEndId: 'e-1',
        DebitAccountIban: 'GB00X',
        CreditAccountIban: 'GB00Y',
        CancellationCode: 'ValidationFailed',
        FailureReasons: ['Not enough funds'],
      },
      'i-1',
    );
    // @ts-expect-error the emitter's own arguments are required too.
    emit('FITestEvent', 1, 'test me');
    // @ts-expect-error TransactionSettled has version 6 only.
    emit('TransactionSettled', 5, {}, 'i-1');
    // @ts-expect-error no record has this Type.
    emit('Brand.New', 1, {}, 'i-1');
    // @ts-expect-error the payload of FITestEvent is text.
    emit('FITestEvent', 1, { Text: 'test me' }, 'i-1');
    emit(
      'Mccy.InternalTransfers.Cancelled',
      1,
      {
        InstructedAmount: 5,
        InstructedCurrency: 'EUR',
        EndToEndId: 'e-1',
        // @ts-expect-error `CancellationCode` is one of two codes.
        CancellationCode: 'Whatever',
        FailureReasons: [],
      },
      'i-1',
    );
    // Type errors only: each call still runs.
    expect(sent).toHaveLength(7);
  });
});
