import { canonicalType } from './identity.js';
import { webhookRecordOf } from './payloads/index.js';

/**
 * The gateway record a queued webhook moves, as its record's `subject` names it (`TransactionSettled` its
 * payment's end-to-end id, a `Payments.Mccy` webhook its batch), read from the queue message as it is.
 * Undefined when the message does not tell (a body kept in the store, a type without a subject): such a
 * webhook waits for no other.
 */
export function subjectOfMessage(message: string): string | undefined {
  try {
    const { body } = JSON.parse(message) as { body?: unknown };
    if (typeof body !== 'string') return undefined;
    const { Type, Payload } = JSON.parse(body) as { Type?: unknown; Payload?: unknown };
    if (typeof Type !== 'string' || typeof Payload !== 'object' || Payload === null) return undefined;
    const fields = webhookRecordOf(canonicalType(Type))?.subject;
    if (fields === undefined) return undefined;
    const values = fields.map((field) => (Payload as Record<string, unknown>)[field]);
    return values.every((value) => typeof value === 'string' && value !== '')
      ? JSON.stringify(values)
      : undefined;
  } catch {
    return undefined; // the processor finds what is wrong with it, and says so
  }
}

/**
 * Runs tasks of one subject one after another in the order they are given, and tasks of different subjects
 * (or none) side by side: the records of one payment or batch are moved in the order the queue gave them,
 * instead of racing for the same item. A task's failure does not stop the next of its subject.
 */
export function subjectLanes(): <T>(subject: string | undefined, task: () => Promise<T>) => Promise<T> {
  const lanes = new Map<string, Promise<unknown>>();
  return (subject, task) => {
    if (subject === undefined) return task();
    const before = lanes.get(subject) ?? Promise.resolve();
    const run = before.then(task);
    lanes.set(
      subject,
      run.catch(() => undefined),
    );
    return run;
  };
}
