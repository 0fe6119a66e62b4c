import { jsonText } from './json-text.js';
import type { ClearwayEvent } from '../ports/events.js';

/** EventBridge `PutEvents` limits (its API reference): a detail-type of 1 to 128 characters... */
export const MAX_DETAIL_TYPE_LENGTH = 128;
/** ...an entry (source, detail-type and detail, UTF-8) under 256 KB... */
export const MAX_ENTRY_BYTES = 256 * 1024;
/** ...and a detail nested at most 1,000 levels deep. */
export const MAX_DETAIL_DEPTH = 1000;

/** The event's detail as EventBridge takes it: JSON text, numbers as the bank wrote them, any depth. */
export function detailText(event: ClearwayEvent): string {
  return jsonText(event.detail).text;
}

/**
 * Why EventBridge would refuse the event, or undefined when it fits. Such a webhook would fail on every
 * retry, so the processor quarantines it with this reason instead.
 */
export function eventProblem(event: ClearwayEvent): string | undefined {
  if (event.detailType.length > MAX_DETAIL_TYPE_LENGTH) {
    return `the Type is ${event.detailType.length} characters long; an EventBridge detail-type takes at most ${MAX_DETAIL_TYPE_LENGTH}`;
  }
  const { text, depth } = jsonText(event.detail);
  if (depth > MAX_DETAIL_DEPTH) {
    return `the event detail nests ${depth} levels deep; EventBridge takes at most ${MAX_DETAIL_DEPTH}`;
  }
  const bytes = [event.source, event.detailType, text].reduce(
    (sum, part) => sum + Buffer.byteLength(part, 'utf8'),
    0,
  );
  if (bytes >= MAX_ENTRY_BYTES) {
    return `the event entry is ${bytes} bytes; EventBridge takes less than ${MAX_ENTRY_BYTES}`;
  }
  return undefined;
}
