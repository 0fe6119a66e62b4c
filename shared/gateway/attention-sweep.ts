import type { Log } from '../bank/client.js';
import type { AttentionItem } from './attention.js';

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
}

/**
 * Counts the items left longer than their bound and logs each (kind, id, reason, since, where to read it),
 * so the alarm says how many and the log says which. Nothing is changed: only the bank's word clears an item.
 */
export async function sweepAttention(ports: SweepPorts): Promise<AttentionItem[]> {
  const before = ports.now().getTime() - ports.afterMinutes * 60_000;
  const overdue = (await ports.list()).filter((item) => Date.parse(item.since) <= before);
  for (const item of overdue) ports.log.warn('a record needs attention', { ...item });
  ports.recordOverdue(overdue.length);
  return overdue;
}
