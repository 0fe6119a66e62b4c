import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchStore, SendingClaim } from './ports.js';
import {
  type AwaitingStatus,
  type BatchHistoryEntry,
  type BatchRecord,
  type BatchStatus,
  type BatchTransaction,
  isFinal,
  type PendingCancel,
  type TransactionMove,
  type TransactionStatus,
  type TransactionTransition,
} from './records.js';

/**
 * Batches on DynamoDB: one item per batch, its attributes at the top level (the workflow writes `status` and
 * appends to `history` with list_append; it reads `openTransactions`). Every write is one conditional
 * UpdateItem, so the functions need Get and Update (and the operation function Put nowhere: create is an
 * update with attribute_not_exists); no transactions (dynalite runs it). Histories are appended with
 * list_append, never written whole; `unpublished` and `failedPublishes` are string sets (ADD, DELETE).
 */
export class DynamoDbBatchStore implements BatchStore {
  readonly #db: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.#db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }

  async get(batchId: string): Promise<BatchRecord | undefined> {
    const { Item } = await this.#db.send(
      new GetCommand({ TableName: this.tableName, Key: { batchId }, ConsistentRead: true }),
    );
    return Item === undefined ? undefined : recordOf(Item);
  }

  async claimSending(record: BatchRecord): Promise<SendingClaim> {
    const { batchId, history, ...fields } = record;
    const update = new Update();
    for (const [name, value] of Object.entries(fields)) update.set([name], value);
    // A Refused batch sent again keeps its history: the new claim is appended.
    update.appendHistory(history, { orEmpty: true });
    // What the refused send had learnt does not belong to this one.
    const learnt = ['receivedAt', 'isScheduled', 'processingAt', 'cancellationDeadline', 'cancel'];
    update.remove(learnt.filter((name) => !(name in fields)));
    const status = update.name('status');
    const requestId = update.name('requestId');
    update.condition(
      `attribute_not_exists(${update.name('batchId')}) OR (${status} = ${update.value('Refused')} AND ${requestId} <> ${update.value(record.requestId)})`,
    );
    if ((await this.#send(batchId, update)) !== undefined) return 'claimed';
    // This request's own retry (a later invocation with the same key) finds its claim and leaves it as it is.
    const existing = await this.get(batchId);
    return existing !== undefined &&
      existing.requestId === record.requestId &&
      (existing.status === 'Sending' || existing.status === 'OutcomeUnknown')
      ? 'retried'
      : 'taken';
  }

  async settleSending(
    batchId: string,
    requestId: string,
    fields: Partial<BatchRecord> & { status: BatchStatus },
    entry: BatchHistoryEntry,
    from: readonly AwaitingStatus[] = ['Sending', 'OutcomeUnknown'],
  ): Promise<BatchRecord | undefined> {
    const update = new Update();
    for (const [name, value] of Object.entries(fields)) update.set([name], value);
    update.appendHistory([entry]);
    const status = update.name('status');
    const awaiting = from.map((state) => `${status} = ${update.value(state)}`).join(' OR ');
    update.condition(`(${awaiting}) AND ${update.name('requestId')} = ${update.value(requestId)}`);
    return this.#send(batchId, update);
  }

  async finishBatch(
    batchId: string,
    from: BatchStatus,
    fields: Pick<BatchRecord, 'status' | 'outcomes'>,
    entry: BatchHistoryEntry,
  ): Promise<boolean> {
    const update = new Update();
    for (const [name, value] of Object.entries(fields)) update.set([name], value);
    update.appendHistory([entry]);
    update.condition(`${update.name('status')} = ${update.value(from)}`);
    update.condition(`${update.name('openTransactions')} = ${update.value(0)}`);
    return (await this.#send(batchId, update)) !== undefined;
  }

  async claimCancel(batchId: string, cancel: PendingCancel, entry: BatchHistoryEntry): Promise<boolean> {
    const update = new Update();
    update.set(['status'], 'CancelPending');
    update.set(['cancel'], cancel);
    update.appendHistory([entry]);
    const from = cancel.from ?? 'Scheduled';
    update.condition(`${update.name('status')} = ${update.value(from)}`);
    // The deadline is judged again in the write: a window closed meanwhile is never reopened.
    if (from === 'Scheduled')
      update.condition(`${update.name('cancellationDeadline')} >= ${update.value(cancel.at)}`);
    return (await this.#send(batchId, update)) !== undefined;
  }

  finishCancel(
    batchId: string,
    requestId: string,
    change: {
      entry: BatchHistoryEntry;
      fields?: Partial<BatchRecord>;
      moves?: Record<string, TransactionMove>;
    },
  ): Promise<BatchRecord | undefined> {
    const update = new Update();
    update.set(['status'], change.entry.status);
    for (const [name, value] of Object.entries(change.fields ?? {})) update.set([name], value);
    update.appendHistory([change.entry]);
    update.remove(['cancel']);
    update.condition(`${update.name('status')} = ${update.value('CancelPending')}`);
    update.condition(`${update.path('cancel', 'requestId')} = ${update.value(requestId)}`);
    let closed = 0;
    for (const [endToEndId, move] of Object.entries(change.moves ?? {})) {
      update.moveTransaction(endToEndId, move.expected, move.next);
      if (isFinal(move.next.status) && !isFinal(move.expected)) closed += 1;
    }
    update.decrementOpen(closed);
    return this.#send(batchId, update);
  }

  moveTransaction(
    batchId: string,
    endToEndId: string,
    expected: TransactionStatus,
    next: BatchTransaction,
  ): Promise<BatchRecord | undefined> {
    const update = new Update();
    update.moveTransaction(endToEndId, expected, next);
    update.decrementOpen(isFinal(next.status) && !isFinal(expected) ? 1 : 0);
    return this.#send(batchId, update);
  }

  recordConflict(
    batchId: string,
    endToEndId: string,
    status: TransactionStatus,
    transition: TransactionTransition,
  ): Promise<BatchRecord | undefined> {
    const update = new Update();
    const history = update.path('transactions', endToEndId, 'history');
    update.setExpression(`${history} = list_append(${history}, ${update.value([transition])})`);
    update.condition(`${update.path('transactions', endToEndId, 'status')} = ${update.value(status)}`);
    return this.#send(batchId, update);
  }

  async markPublished(batchId: string, transitionIds: readonly string[]): Promise<void> {
    if (transitionIds.length === 0) return;
    const update = new Update();
    update.deleteFromSet('unpublished', transitionIds);
    update.deleteFromSet('failedPublishes', transitionIds);
    update.condition(`attribute_exists(${update.name('batchId')})`);
    await this.#send(batchId, update);
  }

  async markFailedPublishes(batchId: string, transitionIds: readonly string[]): Promise<void> {
    if (transitionIds.length === 0) return;
    const update = new Update();
    update.addToSet('failedPublishes', transitionIds);
    update.condition(`attribute_exists(${update.name('batchId')})`);
    await this.#send(batchId, update);
  }

  /** One conditional UpdateItem; the batch after it, or undefined when the condition failed. */
  async #send(batchId: string, update: Update): Promise<BatchRecord | undefined> {
    try {
      const { Attributes } = await this.#db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { batchId },
          ...update.expressions(),
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes === undefined ? undefined : recordOf(Attributes);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }
}

/** The item as a record: its string sets as sorted lists (absent when empty, as DynamoDB keeps them). */
function recordOf(item: Record<string, unknown>): BatchRecord {
  const { unpublished, failedPublishes, ...record } = item;
  const list = (set: unknown) => [...(set as Set<string>)].sort();
  return {
    ...(record as unknown as BatchRecord),
    ...(unpublished instanceof Set && { unpublished: list(unpublished) }),
    ...(failedPublishes instanceof Set && { failedPublishes: list(failedPublishes) }),
  };
}

/**
 * One UpdateItem put together: every attribute name and value gets a short placeholder of its own (a name
 * used twice keeps one), so nested paths never clash and a cancel of 100 transactions stays within the
 * expression limits.
 */
class Update {
  readonly #names = new Map<string, string>();
  readonly #values: Record<string, unknown> = {};
  readonly #sets: string[] = [];
  readonly #unpublished = new Set<string>();
  readonly #adds: string[] = [];
  readonly #deletes: string[] = [];
  readonly #removes: string[] = [];
  readonly #conditions: string[] = [];

  name(attribute: string): string {
    let placeholder = this.#names.get(attribute);
    if (placeholder === undefined) {
      placeholder = `#n${this.#names.size}`;
      this.#names.set(attribute, placeholder);
    }
    return placeholder;
  }

  path(...attributes: string[]): string {
    return attributes.map((attribute) => this.name(attribute)).join('.');
  }

  value(value: unknown): string {
    const placeholder = `:v${Object.keys(this.#values).length}`;
    this.#values[placeholder] = value;
    return placeholder;
  }

  set(path: string[], value: unknown): void {
    if (value !== undefined) this.#sets.push(`${this.path(...path)} = ${this.value(value)}`);
  }

  setExpression(expression: string): void {
    this.#sets.push(expression);
  }

  appendHistory(entries: readonly BatchHistoryEntry[], options: { orEmpty?: boolean } = {}): void {
    const history = this.name('history');
    const current = options.orEmpty ? `if_not_exists(${history}, ${this.value([])})` : history;
    this.#sets.push(`${history} = list_append(${current}, ${this.value(entries)})`);
  }

  /**
   * Writes the transaction whole, if still `expected`: an open transaction changes only with its status, so
   * nothing written since it was read is lost. Its newest transition goes on the unpublished list.
   */
  moveTransaction(endToEndId: string, expected: TransactionStatus, next: BatchTransaction): void {
    this.set(['transactions', endToEndId], next);
    this.condition(`${this.path('transactions', endToEndId, 'status')} = ${this.value(expected)}`);
    const transition = next.history[next.history.length - 1];
    if (transition !== undefined) this.#unpublished.add(transition.transitionId);
  }

  decrementOpen(count: number): void {
    if (count === 0) return;
    const open = this.name('openTransactions');
    this.#sets.push(`${open} = ${open} - ${this.value(count)}`);
  }

  addToSet(attribute: string, members: readonly string[]): void {
    this.#adds.push(`${this.name(attribute)} ${this.value(new Set(members))}`);
  }

  deleteFromSet(attribute: string, members: readonly string[]): void {
    this.#deletes.push(`${this.name(attribute)} ${this.value(new Set(members))}`);
  }

  remove(attributes: string[]): void {
    for (const attribute of attributes) this.#removes.push(this.name(attribute));
  }

  condition(expression: string): void {
    this.#conditions.push(`(${expression})`);
  }

  expressions() {
    if (this.#unpublished.size > 0) this.addToSet('unpublished', [...this.#unpublished]);
    this.#unpublished.clear();
    const clauses = [
      this.#sets.length > 0 ? `SET ${this.#sets.join(', ')}` : '',
      this.#adds.length > 0 ? `ADD ${this.#adds.join(', ')}` : '',
      this.#deletes.length > 0 ? `DELETE ${this.#deletes.join(', ')}` : '',
      this.#removes.length > 0 ? `REMOVE ${this.#removes.join(', ')}` : '',
    ];
    const values = Object.keys(this.#values).length > 0 ? { ExpressionAttributeValues: this.#values } : {};
    return {
      UpdateExpression: clauses.filter((clause) => clause !== '').join(' '),
      ConditionExpression: this.#conditions.join(' AND '),
      ExpressionAttributeNames: Object.fromEntries([...this.#names].map(([name, key]) => [key, name])),
      ...values,
    };
  }
}
