import type * as z from 'zod/mini';

/**
 * One record per webhook `Type` (`defineWebhook`): the payload schema of each version the bank sends, and the
 * payload fields that identify one webhook (webhooks.md, "Key" column). The payload index, the identity
 * rules (`../identity.ts`), the event catalogue (`shared/events/catalogue.ts`) and the contract tests are all
 * read from the list of them (`./index.ts`).
 */

/**
 * A webhook's payload schema by `Version`. `defineWebhook` takes each as the domain file exports it, a
 * `z.lazy` (built on first use: a function importing the records builds none at cold start); a record holds
 * the schema inside (`Built`), built when its version is first read.
 */
export type WebhookVersions = Readonly<Record<number, z.ZodMiniType>>;

/** The schema a `z.lazy` wraps (through any nesting); any other schema as it is. */
export type Unlazy<S> = S extends z.ZodMiniLazy<infer Inner extends z.ZodMiniType> ? Unlazy<Inner> : S;

/** The versions of a record: each schema as `Unlazy` gives it. */
export type Built<S extends WebhookVersions> = { readonly [V in keyof S]: Unlazy<S[V]> };

/**
 * What the bank sends as the payload of one version of a type (the schema's input: what it accepts). A lazy's
 * input is its inner schema's, so the key check below holds for lazies as for built schemas.
 */
export type PayloadOf<S extends WebhookVersions, V extends keyof S = keyof S> = z.input<S[V]>;

/** A member that every version's payload has: only those can be key fields. */
export type KeyField<S extends WebhookVersions> = [PayloadOf<S>] extends [object]
  ? Extract<keyof PayloadOf<S>, string>
  : never;

/**
 * How a webhook is identified: the payload members whose values, in this order, make its key after the
 * type (`TransactionSettled:<TransactionId>:<DebitCreditCode>`), or `digest-per-day` for a type that has no
 * id (the test event: the same text on the same day is the same test).
 */
export type WebhookKey<S extends WebhookVersions> =
  readonly [KeyField<S>, ...KeyField<S>[]] | 'digest-per-day';

/**
 * A key part from inside the payload, after the key fields; undefined when there is none. The payload is
 * as received, not yet checked against a schema. `digest` is the SHA-256 of a value's canonical JSON, the
 * one identity hashes with.
 */
export type NestedKey = (
  payload: Record<string, unknown>,
  digest: (value: unknown) => string,
) => string | undefined;

export interface WebhookRecord<
  T extends string = string,
  S extends WebhookVersions = WebhookVersions,
  A extends readonly string[] = readonly string[],
> {
  /** The wire `Type`, the event's detail-type. */
  readonly type: T;
  /**
   * The same webhook under another `Type` the bank's pages also write (`BacsMandateInitiatedV2`): the
   * same schemas, its own detail-type, and the key of `type` (an alias is `type` and a `V<n>` suffix).
   */
  readonly aliases: A;
  /** The payload schema of each `Version` the bank sends. */
  readonly versions: S;
  /** The key fields, each a member of every version's payload (`defineWebhook` checks it). */
  readonly key: readonly string[] | 'digest-per-day';
  readonly nestedKey?: NestedKey;
  /**
   * The payload members naming the gateway record the webhook moves (a payment's end-to-end id, a batch's
   * id): the processor handles webhooks of one subject in the order they came, others side by side.
   */
  readonly subject?: readonly string[];
}

/** One webhook type's record; `aliases` defaults to none. */
export function defineWebhook<
  const T extends string,
  const S extends WebhookVersions,
  const A extends readonly string[] = readonly [],
>(definition: {
  type: T;
  aliases?: A;
  versions: S;
  key: WebhookKey<NoInfer<S>>;
  nestedKey?: NestedKey;
  subject?: readonly [KeyField<NoInfer<S>>, ...KeyField<NoInfer<S>>[]];
}): WebhookRecord<T, Built<S>, A> {
  return {
    ...definition,
    aliases: definition.aliases ?? ([] as unknown as A),
    versions: builtOnRead(definition.versions),
  };
}

/**
 * The versions with each lazy schema replaced by the schema inside it, built when the version is first read
 * (zod keeps a lazy's inner schema once built): the same schema objects, read as before, built on first use.
 */
function builtOnRead<S extends WebhookVersions>(versions: S): Built<S> {
  const built = {};
  for (const [version, schema] of Object.entries(versions))
    Object.defineProperty(built, version, { enumerable: true, get: () => unlazy(schema) });
  return built as Built<S>;
}

function unlazy(schema: z.ZodMiniType): z.ZodMiniType {
  return schema._zod.def.type === 'lazy'
    ? unlazy((schema as z.ZodMiniLazy<z.ZodMiniType>)._zod.innerType)
    : schema;
}

/** Every `Type` a record registers: its type, then its aliases. */
export function typesOf(record: WebhookRecord): readonly string[] {
  return [record.type, ...record.aliases];
}
