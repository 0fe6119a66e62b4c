import type { HttpMethod } from './types.js';

/** A variable segment; `greedy` (`{proxy+}`, last only) takes one or more segments, as in API Gateway. */
type Segment = { literal: string } | { param: string; greedy?: true };

/** `ANY` matches every method, after the methods a template names (API Gateway's order). */
export type RouteMethod = HttpMethod | 'ANY';

interface Entry<T> {
  method: RouteMethod;
  template: string;
  segments: Segment[];
  value: T;
}

export type RouteMatch<T> =
  | { kind: 'found'; value: T; params: Record<string, string>; template: string }
  | { kind: 'method-not-allowed'; allow: RouteMethod[] }
  | { kind: 'not-found' };

/**
 * Path templates in the spec's syntax (`/v3/Accounts/{accountId}`, and API Gateway's greedy `{proxy+}`),
 * for the simulated bank, the sandbox's API Gateway and the functions behind the internal API. When several templates match, the one with a literal earliest wins
 * (`/v1/Accounts/Virtual` before `/v1/Accounts/{accountId}`), as in both. Literal segments compare
 * without case when `ignoreCase` is set (the bank's routing); API Gateway compares them exactly.
 */
export class Router<T> {
  readonly #entries: Entry<T>[] = [];
  readonly #fold: (text: string) => string;

  constructor(options: { ignoreCase: boolean }) {
    this.#fold = options.ignoreCase ? (text) => text.toLowerCase() : (text) => text;
  }

  add(method: RouteMethod, template: string, value: T): void {
    const segments = parseTemplate(template, this.#fold);
    const shape = shapeOf(segments);
    if (this.#entries.some((entry) => entry.method === method && shapeOf(entry.segments) === shape)) {
      throw new Error(`a route for ${method} ${template} is already registered`);
    }
    this.#entries.push({ method, template, segments, value });
  }

  match(method: string, path: string): RouteMatch<T> {
    const parts = splitPath(path);
    if (parts === undefined) return { kind: 'not-found' };
    const candidates = this.#entries.flatMap((entry) => {
      const params = matchSegments(entry.segments, parts, this.#fold);
      return params ? [{ entry, params }] : [];
    });
    if (candidates.length === 0) return { kind: 'not-found' };
    const forMethod = candidates.filter(({ entry }) => entry.method === method || entry.method === 'ANY');
    if (forMethod.length === 0) {
      const allow = [...new Set(candidates.map(({ entry }) => entry.method))];
      return { kind: 'method-not-allowed', allow };
    }
    const best = forMethod.reduce((a, b) => (moreSpecific(b.entry, a.entry) ? b : a));
    return { kind: 'found', value: best.entry.value, params: best.params, template: best.entry.template };
  }
}

function parseTemplate(template: string, fold: (text: string) => string): Segment[] {
  if (!template.startsWith('/')) throw new Error(`a route path must start with /: ${template}`);
  return trimSlashes(template)
    .split('/')
    .map((part, index, parts) => {
      const variable = /^\{([A-Za-z_][A-Za-z0-9_]*)(\+?)\}$/.exec(part);
      if (variable?.[1] !== undefined && variable[2] === '') return { param: variable[1] };
      if (variable?.[1] !== undefined && index === parts.length - 1)
        return { param: variable[1], greedy: true as const };
      if (part.includes('{') || part.includes('}') || part === '') {
        throw new Error(`unsupported segment "${part}" in route ${template}`);
      }
      return { literal: fold(part) };
    });
}

function shapeOf(segments: Segment[]): string {
  return segments
    .map((segment) => ('literal' in segment ? segment.literal : segment.greedy ? '{+}' : '{}'))
    .join('/');
}

/** Undefined when a segment is not valid percent-encoding: such a path matches nothing. */
function splitPath(path: string): string[] | undefined {
  try {
    return trimSlashes(path).split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

function matchSegments(
  segments: Segment[],
  parts: string[],
  fold: (text: string) => string,
): Record<string, string> | undefined {
  const greedy = segments.at(-1);
  if (greedy !== undefined && 'greedy' in greedy) {
    if (parts.length < segments.length) return undefined;
  } else if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index] ?? '';
    if ('param' in segment) {
      if (part === '') return undefined;
      if (segment.greedy) {
        const rest = parts.slice(index);
        if (rest.includes('')) return undefined;
        params[segment.param] = rest.join('/');
        return params;
      }
      params[segment.param] = part;
    } else if (segment.literal !== fold(part)) {
      return undefined;
    }
  }
  return params;
}

/** Literal before variable before greedy, segment by segment; then a named method before `ANY`. */
function moreSpecific<T>(a: Entry<T>, b: Entry<T>): boolean {
  const rank = (segment: Segment | undefined) =>
    segment === undefined ? 3 : 'literal' in segment ? 0 : segment.greedy ? 2 : 1;
  for (let index = 0; index < Math.max(a.segments.length, b.segments.length); index++) {
    const [aRank, bRank] = [rank(a.segments[index]), rank(b.segments[index])];
    if (aRank !== bRank) return aRank < bRank;
  }
  return a.method !== 'ANY' && b.method === 'ANY';
}
