import { JsonNumber, type JsonValue, readJson } from '../json/read-json.js';

/** A mirrored answer is at most what a Lambda may return (6 MB), as deep as a request may be. */
const ANSWER_JSON_LIMITS = { maxBytes: 6 * 1024 * 1024, maxDepth: 64 };

/**
 * The bank's answer with its links pointing at the gateway: every `href` (the member of the bank's HAL
 * links, `halLinks`) that starts with the bank's base URL gets the gateway's base URL instead, path, query
 * and `{templates}` kept, so a caller following one stays inside Clearway (behind its IAM, with the token it
 * never holds). The body is read by the exact reader and written again only when a link changed, every
 * number as the bank wrote it; anything else (not JSON, no such link) comes back as it is.
 */
export function linksToGateway(body: string, bankBaseUrl: string, gatewayBaseUrl: string): string {
  if (!body.includes('href')) return body;
  let answer: JsonValue;
  try {
    answer = readJson(body, ANSWER_JSON_LIMITS);
  } catch {
    return body;
  }
  const from = bankBaseUrl.replace(/\/+$/, '');
  const to = gatewayBaseUrl.replace(/\/+$/, '');
  let changed = false;
  // An explicit stack, as the reader has; members pushed one by one (a spread of a long list overflows).
  const open: JsonValue[] = [answer];
  for (let value = open.pop(); value !== undefined; value = open.pop()) {
    if (typeof value !== 'object' || value === null || value instanceof JsonNumber) continue;
    if (!Array.isArray(value)) {
      const { href } = value;
      if (typeof href === 'string' && isUnder(href, from)) {
        value.href = to + href.slice(from.length);
        changed = true;
      }
    }
    for (const member of Object.values(value)) open.push(member);
  }
  return changed ? JSON.stringify(answer) : body;
}

/** The base itself or a path or query below it: `https://bank.example.evil` is not under `https://bank.example`. */
function isUnder(href: string, base: string): boolean {
  return (
    href.startsWith(base) && (href.length === base.length || '/?#'.includes(href[base.length] as string))
  );
}
