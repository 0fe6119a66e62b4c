import { Decimal } from 'decimal.js';
import { MoneyDecimal } from '#shared/domain/money.js';

/**
 * The simulator's state as JSON and back. Products keep plain data in objects, arrays, Maps, Sets, Dates,
 * Decimals and Buffers, and scheduled work points at the very objects the state holds (a trade, a batch),
 * so an object met twice is written once and read back as one object: shared and cyclic references
 * survive. Anything else (a function, a promise, a class instance) is refused, naming where it was found.
 *
 * The JSON is a list of nodes, the root first, each value once; a node refers to others by their index:
 * a plain object maps its keys to indexes, an array lists indexes, a tagged value is `[tag, ...]`
 * (`["Date", iso]`, `["Decimal", text]`, `["Bytes", base64]`, `["Map", key, value, ...]`, `["Set", ...]`),
 * and a string, number, boolean or null is its own node. `undefined` is the index -1.
 */
export type SnapshotJson = unknown[];

const UNDEFINED = -1;

export function toSnapshotJson(root: unknown): SnapshotJson {
  const nodes: unknown[] = [];
  const indexes = new Map<unknown, number>();
  const add = (value: unknown, path: string): number => {
    if (value === undefined) return UNDEFINED;
    const known = indexes.get(value);
    if (known !== undefined) return known;
    const index = nodes.push(null) - 1;
    indexes.set(value, index);
    nodes[index] = nodeOf(value, path);
    return index;
  };
  const nodeOf = (value: unknown, path: string): unknown => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) return value;
      throw new TypeError(`cannot save ${value} at ${path}`);
    }
    if (typeof value !== 'object') throw new TypeError(`cannot save a ${typeof value} at ${path}`);
    if (Array.isArray(value)) return value.map((item, i) => add(item, `${path}[${i}]`));
    if (value instanceof Date) return ['Date', value.toISOString()];
    if (Decimal.isDecimal(value)) return ['Decimal', value.toString()];
    if (Buffer.isBuffer(value)) return ['Bytes', value.toString('base64')];
    if (value instanceof Map) {
      const entries = [...value].map(([key, item]) => [add(key, path), add(item, `${path}(${String(key)})`)]);
      return ['Map', ...entries.flat()];
    }
    if (value instanceof Set) return ['Set', ...[...value].map((item) => add(item, path))];
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      throw new TypeError(`cannot save a ${value.constructor.name} at ${path}`);
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, add(item, `${path}.${key}`)]));
  };
  add(root, '$');
  return nodes;
}

/** The value `toSnapshotJson` wrote; throws a TypeError on anything it could not have written. */
export function fromSnapshotJson(json: unknown): unknown {
  if (!Array.isArray(json) || json.length === 0) throw new TypeError('not a list of nodes');
  const nodes: unknown[] = json;
  const values = new Map<number, unknown>();
  const keep = <T>(index: number, value: T): T => {
    values.set(index, value);
    return value;
  };
  const read = (index: unknown): unknown => {
    if (index === UNDEFINED) return undefined;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= nodes.length) {
      throw new TypeError(`no node ${String(index)}`);
    }
    if (values.has(index)) return values.get(index);
    const node = nodes[index];
    if (node === null || typeof node !== 'object') return keep(index, node);
    if (!Array.isArray(node)) {
      const object = keep(index, {});
      for (const [key, item] of Object.entries(node)) {
        // Defined, not assigned: a key `__proto__` (from a request body) stays an ordinary property.
        Object.defineProperty(object, key, {
          value: read(item),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return object;
    }
    const [tag, ...rest] = node as unknown[];
    if (typeof tag !== 'string') {
      const array = keep(index, [] as unknown[]);
      for (const item of node) array.push(read(item));
      return array;
    }
    const text = () => {
      if (typeof rest[0] !== 'string') throw new TypeError(`node ${index}: ${tag} without its text`);
      return rest[0];
    };
    switch (tag) {
      case 'Date':
        return keep(index, new Date(text()));
      // Money is the only decimal the simulator keeps.
      case 'Decimal':
        return keep(index, new MoneyDecimal(text()));
      case 'Bytes':
        return keep(index, Buffer.from(text(), 'base64'));
      case 'Map': {
        const map = keep(index, new Map<unknown, unknown>());
        for (let i = 0; i < rest.length; i += 2) map.set(read(rest[i]), read(rest[i + 1]));
        return map;
      }
      case 'Set': {
        const set = keep(index, new Set<unknown>());
        for (const item of rest) set.add(read(item));
        return set;
      }
      default:
        throw new TypeError(`node ${index}: unknown tag ${tag}`);
    }
  };
  return read(0);
}
