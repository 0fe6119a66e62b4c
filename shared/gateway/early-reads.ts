/**
 * Reads begun ahead of the write they feed (beside the Idempotency-Key's or the inbox's claim), found again by
 * the object they were begun for and forgotten with it. A read is only ever a starting point: every write it
 * feeds is conditional, so a read that another writer overtook meanwhile costs a second read, never a wrong
 * write. A read never taken (the claim found a duplicate) is dropped unobserved: its failure is not reported.
 */
export interface EarlyReads<K extends object, T> {
  begin(key: K, read: () => Promise<T>): void;
  /** The read begun for `key`, once; undefined when none was begun. */
  take(key: K): Promise<T> | undefined;
}

export function earlyReads<K extends object, T>(): EarlyReads<K, T> {
  const begun = new WeakMap<K, Promise<T>>();
  return {
    begin: (key, read) => {
      const reading = (async () => read())();
      reading.catch(() => undefined); // observed by whoever takes it
      begun.set(key, reading);
    },
    take: (key) => {
      const reading = begun.get(key);
      begun.delete(key);
      return reading;
    },
  };
}

/**
 * The reads of a conditional write retried on contention: first what the caller holds or began reading
 * (`first`: the record as claimed, an early read), then a fresh `read()` for every attempt after one whose
 * write found the record moved.
 */
export function readsStartingFrom<T>(
  first: T | Promise<T> | undefined,
  read: () => Promise<T>,
): () => Promise<T> {
  let held = first;
  return async () => {
    const next = held;
    held = undefined;
    return next === undefined ? read() : next;
  };
}
