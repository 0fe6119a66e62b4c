import type { PaymentStore } from '#shared/payments/ports.js';
import { appendsHistory, type PaymentRecord } from '#shared/payments/status.js';

/** A PaymentStore in memory with the same conditional semantics as the DynamoDB one. */
export class MemoryPaymentStore implements PaymentStore {
  readonly records = new Map<string, PaymentRecord>();
  readonly requests = new Map<string, string[]>();
  readonly paymentIds = new Map<string, string>();
  /** Runs before the next write: lets a test move the record underneath a writer. */
  beforeNextWrite: (() => void) | undefined;
  /** Runs right after the next write that lands: lets a test deliver a webhook before the writer goes on. */
  afterNextWrite: (() => Promise<void>) | undefined;

  async get(endToEndId: string) {
    const record = this.records.get(endToEndId);
    return record === undefined ? undefined : structuredClone(record);
  }

  async create(record: PaymentRecord) {
    this.#interfere();
    if (this.records.has(record.endToEndId)) return false;
    this.records.set(record.endToEndId, structuredClone(record));
    await this.#landed();
    return true;
  }

  async replace(record: PaymentRecord, expected: Pick<PaymentRecord, 'status' | 'generation' | 'history'>) {
    if (!appendsHistory(record, expected))
      throw new Error(`payment ${record.endToEndId}: a write must append to the history it read`);
    this.#interfere();
    const stored = this.records.get(record.endToEndId);
    if (
      stored?.status !== expected.status ||
      stored.generation !== expected.generation ||
      stored.history.length !== expected.history.length
    )
      return false;
    this.records.set(record.endToEndId, structuredClone(record));
    await this.#landed();
    return true;
  }

  async rememberRequest(requestId: string, endToEndIds: string[]) {
    this.requests.set(requestId, endToEndIds);
  }

  async endToEndIdsOf(requestId: string) {
    return this.requests.get(requestId) ?? [];
  }

  async rememberPayment(paymentId: string, endToEndId: string) {
    this.paymentIds.set(paymentId, endToEndId);
  }

  async endToEndIdOfPayment(paymentId: string) {
    return this.paymentIds.get(paymentId);
  }

  async #landed() {
    const after = this.afterNextWrite;
    this.afterNextWrite = undefined;
    await after?.();
  }

  #interfere() {
    const interfere = this.beforeNextWrite;
    this.beforeNextWrite = undefined;
    interfere?.();
  }
}
