import type { Attention, AttentionItem } from '#shared/gateway/attention.js';

/** The attention port in memory: one item per kind, id and reason; raising again keeps the first. */
export function memoryAttention(): Attention & { items: () => AttentionItem[] } {
  const items = new Map<string, AttentionItem>();
  const keyOf = (kind: string, id: string, reason: string) => `${kind}#${id}#${reason}`;
  return {
    raise: async (item) => {
      const key = keyOf(item.kind, item.id, item.reason);
      if (!items.has(key)) items.set(key, item);
    },
    clear: async (kind, id, reason) => void items.delete(keyOf(kind, id, reason)),
    items: () => [...items.values()],
  };
}
