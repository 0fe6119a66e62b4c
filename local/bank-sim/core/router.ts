import type { HttpMethod } from '#shared/http/types.js';

type Segment = { literal: string } | { param: string };

interface Entry<T> {
  method: HttpMethod;
  template: string;
  segments: Segment[];
  value: T;
}

export type RouteMatch<T> =
  | { kind: 'found'; value: T; params: Record<string, string>; template: string }
  | { kind: 'method-not-allowed'; allow: HttpMethod[] }
  | { kind: 'not-found' };

/**
 * Path templates in the spec's syntax (`/v3/Accounts/{accountId}`), for the simulated bank and the
 * sandbox's API Gateway. When several templates match, the one with a literal earliest wins
 * (`/v1/Accounts/Virtual` before `/v1/Accounts/{accountId}`), as in both. Literal segments compare
 * without case when `ignoreCase` is set (the bank's routing); API Gateway compares them exactly.
 */
export class Router<T> {
  readonly #entries: Entry<T>[] = [];
  readonly #fold: (text: string) => string;

  constructor(options: { ignoreCase: boolean }) {
    this.#fold = options.ignoreCase ? (text) => text.toLowerCase() : (text) => text;
  }

  add(method: HttpMethod, template: string, value: T): void {
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
    const forMethod = candidates.filter(({ entry }) => entry.method === method);
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
    .map((part) => {
      const param = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part)?.[1];
      if (param) return { param };
      if (part.includes('{') || part.includes('}') || part === '') {
        throw new Error(`unsupported segment "${part}" in route ${template}`);
      }
      return { literal: fold(part) };
    });
}

function shapeOf(segments: Segment[]): string {
  return segments.map((segment) => ('literal' in segment ? segment.literal : '{}')).join('/');
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
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index] ?? '';
    if ('param' in segment) {
      if (part === '') return undefined;
      params[segment.param] = part;
    } else if (segment.literal !== fold(part)) {
      return undefined;
    }
  }
  return params;
}

function moreSpecific<T>(a: Entry<T>, b: Entry<T>): boolean {
  for (const [index, segment] of a.segments.entries()) {
    const aLiteral = 'literal' in segment;
    const bLiteral = 'literal' in (b.segments[index] ?? {});
    if (aLiteral !== bLiteral) return aLiteral;
  }
  return false;
}
