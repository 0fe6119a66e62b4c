import type { Log } from '../ports/log.js';
import { type AttentionItem, UNPUBLISHED_EVENT } from './attention.js';

/** The metric of overdue items the stack's alarm watches. */
export const RECORDS_NEEDING_ATTENTION = 'RecordsNeedingAttention';

/** Minutes an item may stay before it is overdue, unless the stack says otherwise. */
export const DEFAULT_ATTENTION_AFTER_MINUTES = 30;

export interface SweepPorts {
  list(): Promise<AttentionItem[]>;
  now(): Date;
  afterMinutes: number;
  log: Log;
  /** Records how many items are overdue (a metric the alarm watches on AWS). */
  recordOverdue(count: number): void;
  /**
   * By kind, publishes again the events a record could not publish (`unpublished-event` items), with their
   * stable keys; answers how many are still left. A family without one waits for its next webhook.
   */
  republish?: Readonly<Record<string, (id: string) => Promise<number>>>;
}

/**
 * Publishes again what records could not publish, then counts the items left longer than their bound and
 * logs each (kind, id, reason, since, where to read it), so the alarm says how many and the log says which.
 * Nothing else is changed: only the bank's word clears the other items.
 */
export async function sweepAttention(ports: SweepPorts): Promise<AttentionItem[]> {
  const before = ports.now().getTime() - ports.afterMinutes * 60_000;
  const left: AttentionItem[] = [];
  for (const item of await ports.list()) {
    if (!(await republished(item, ports))) left.push(item);
  }
  const overdue = left.filter((item) => Date.parse(item.since) <= before);
  for (const item of overdue) ports.log.warn('a record needs attention', { ...item });
  ports.recordOverdue(overdue.length);
  return overdue;
}

/** True when the item's record had events to publish again and now has none left. */
async function republished(item: AttentionItem, ports: SweepPorts): Promise<boolean> {
  const republish = ports.republish?.[item.kind];
  if (item.reason !== UNPUBLISHED_EVENT || republish === undefined) return false;
  try {
    return (await republish(item.id)) === 0;
  } catch (error) {
    ports.log.error('events could not be published again', { ...item, error: (error as Error).message });
    return false;
  }
}
