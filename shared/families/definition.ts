import type { EnvName } from '../config/function-environment.js';
import type { TableDefinition } from '../config/tables.js';
import type { OperationTracker } from '../gateway/tracker.js';
import type { StateHook } from '../webhooks/process.js';
import type { FamilyPorts, HookPorts, TrackerPorts } from './ports.js';

/** The DynamoDB item actions Clearway's functions call (granted one by one, watched for throttling). */
export type ItemAction = 'GetItem' | 'BatchGetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Scan';

/**
 * The functions a family reaches: its operation function (the `fn` of its operations, which runs its
 * tracker), the webhook processor (its hook), its `/gateway/` reader, and the attention sweep.
 */
export const FAMILY_ROLES = ['operations', 'processor', 'reader', 'sweep'] as const;
export type FamilyRole = (typeof FAMILY_ROLES)[number];

/** Items of one table a role reads or writes, and exactly how. */
export interface TableAccess {
  readonly table: TableDefinition;
  readonly actions: readonly ItemAction[];
}

/** One `GET /gateway/...{param}` read of a record the family keeps. */
export interface GatewayRead<Store> {
  /** The route's id in the OpenAPI document and the typed client (`getPayment`). */
  readonly id: string;
  /** API Gateway's syntax, one path parameter: `/gateway/payments/{endToEndId}`. */
  readonly path: string;
  readonly param: string;
  /** The OpenAPI document's title of the read (imperative) and what it answers. */
  readonly summary: string;
  readonly description: string;
  /** The longest id a record may have. */
  readonly maxLength: number;
  /** The record as answered, or undefined when the gateway knows none. */
  read(store: Store, id: string, now: Date): Promise<unknown>;
  /** The 404's detail. */
  notFound(id: string): string;
}

/** A read's path for one record: its template with the id as one encoded segment. */
export function readPath(template: string, id: string): string {
  return template.replace(/\{\w+\}/, encodeURIComponent(id));
}

/** A builder of part of a family from the ports a root passes, loaded only by the function that runs it. */
type Load<Ports, Built> = () => Promise<(ports: Ports) => Built>;

/**
 * One stateful family (payments, FX, multi-currency batches, name checks, statements): the one definition
 * the stateless stack (tables, variables, grants, capacity alarms), the AWS composition roots, the webhook
 * processor, the attention sweep and the sandbox all read. A family's code is loaded lazily, part by part,
 * so a function carries in its init only the part it runs (a reader loads no tracker).
 */
export interface FamilyDefinition<Store = unknown> {
  readonly name: string;
  /** The table the family keeps its records in; its `variable` names it in each function's environment. */
  readonly table?: TableDefinition;
  /** The operation function that runs the tracker (the `fn` of the family's operations). */
  readonly operationFunction?: string;
  /** The function serving `reads`. */
  readonly readerFunction?: string;
  /** The items each role touches, in this family's table or another's (payments read name checks). */
  readonly access: Partial<Record<FamilyRole, readonly TableAccess[]>>;
  /** Roles that publish events on the bus. */
  readonly publishes: readonly FamilyRole[];
  /** Roles that raise and clear items on the attention list (one conditional put, one delete). */
  readonly raisesAttention: readonly FamilyRole[];
  /** Variables the operation function reads, their values set from the stack's configuration. */
  readonly settings?: readonly EnvName[];
  /** The store its reads use (its own module, so a reader loads nothing else of the family). */
  readonly store?: Load<Pick<FamilyPorts, 'dynamo' | 'tableName'>, Store>;
  /** Its `/gateway/` reads, served by `readerFunction` (the client and the OpenAPI document list them). */
  readonly reads: readonly GatewayRead<Store>[];
  /** The operation function's tracker; operations name it by the family's name (`Operation.tracker`). */
  readonly tracker?: Load<TrackerPorts, OperationTracker>;
  /** The webhook processor's state hook. */
  readonly hook?: Load<HookPorts, StateHook>;
  /** What the attention sweep calls to publish again what the family could not, by attention kind. */
  readonly republish?: {
    readonly kind: string;
    readonly load: Load<FamilyPorts, (id: string) => Promise<number>>;
  };
}

/**
 * Types `reads` by the store `store` builds, and keeps each read's id and path and the operation function's
 * name as literals (the typed client names its methods after the reads; the stack names the function).
 */
export function defineFamily<
  Store,
  const Reads extends readonly GatewayRead<Store>[],
  const OperationFunction extends string | undefined = undefined,
>(
  definition: FamilyDefinition<Store> & {
    readonly reads: Reads;
    readonly operationFunction?: OperationFunction;
  },
): FamilyDefinition<Store> & { readonly reads: Reads; readonly operationFunction: OperationFunction } {
  return definition as FamilyDefinition<Store> & {
    readonly reads: Reads;
    readonly operationFunction: OperationFunction;
  };
}
