import { JsonNumber } from '../json/read-json.js';

interface Container {
  /** Members still to write: `[key, value]` for an object, `[undefined, value]` for an array. */
  members: Array<[string | undefined, unknown]>;
  next: number;
  close: '}' | ']';
}

/**
 * JSON text of a value read by `readJson` (numbers as written) or of plain data, and its nesting depth.
 * Written with an explicit stack because `JSON.stringify` recurses and a webhook may nest any depth.
 * `sortKeys` sorts object keys at every level (the canonical form identity hashes).
 */
export function jsonText(value: unknown, sortKeys = false): { text: string; depth: number } {
  const out: string[] = [];
  const stack: Container[] = [];
  let depth = 0;
  let current = value;
  for (;;) {
    if (Array.isArray(current)) {
      out.push('[');
      stack.push({ members: current.map((item) => [undefined, item]), next: 0, close: ']' });
    } else if (isObject(current)) {
      const record = current;
      const keys = Object.keys(record).filter((key) => record[key] !== undefined);
      if (sortKeys) keys.sort();
      out.push('{');
      stack.push({ members: keys.map((key) => [key, record[key]]), next: 0, close: '}' });
    } else {
      out.push(scalarText(current));
    }
    depth = Math.max(depth, stack.length);
    // Close finished containers, then move to the next member of the innermost open one.
    let open = stack.at(-1);
    while (open !== undefined && open.next === open.members.length) {
      out.push(open.close);
      stack.pop();
      open = stack.at(-1);
    }
    if (open === undefined) return { text: out.join(''), depth };
    const [key, item] = open.members[open.next] as [string | undefined, unknown];
    if (open.next > 0) out.push(',');
    if (key !== undefined) out.push(JSON.stringify(key), ':');
    open.next++;
    current = item;
  }
}

function scalarText(value: unknown): string {
  if (value instanceof JsonNumber) return value.source;
  return JSON.stringify(value) ?? 'null';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof JsonNumber);
}
