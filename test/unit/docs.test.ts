import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { families } from '#shared/families/index.js';
import { checkRequest } from '#shared/gateway/request.js';
import { gatewayRoutes } from '#shared/gateway/routes.js';
import { isSafeSegment, safeSegmentMessage } from '#shared/http/path-segment.js';
import { Router } from '#shared/http/router.js';
import { operations } from '#shared/operations/index.js';
import { type Operation, pathsOf } from '#shared/operations/operation.js';

/**
 * The documentation a newcomer walks (README.md, docs/, the folder READMEs) holds up: every ```http example
 * is a request the gateway accepts, and every link lands inside the repository on a file and heading that
 * exist.
 */

const root = resolve(import.meta.dirname, '..', '..');

/** The morning the examples are judged at: a London business day, 09:00 (FX booking hours, statements offered). */
const NOW = new Date('2026-11-30T09:00:00Z');

/** Markdown files under `folder` (relative to the root), skipping what is installed, built or generated locally. */
function markdownUnder(folder: string, only?: (name: string) => boolean): string[] {
  const skipped = new Set(['node_modules', 'cdk.out', '.sandbox', '.git', 'coverage']);
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory() && !skipped.has(entry.name)) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.md') && (only?.(entry.name) ?? true)) found.push(path);
    }
  };
  walk(folder);
  return found.sort();
}

/** Where the examples live. */
const exampleFiles = ['README.md', ...markdownUnder('docs')];
/** Where the links are checked: the same, and every folder's README. */
const linkedFiles = [...new Set([...exampleFiles, ...markdownUnder('', (name) => name === 'README.md')])];

const read = (file: string) => readFileSync(join(root, file), 'utf8');

// ---------------------------------------------------------------------------------------------------------
// Markdown, as far as these checks need it

interface Fence {
  /** 1-based line of the opening fence. */
  line: number;
  info: string;
  text: string;
}

interface Parsed {
  fences: Fence[];
  /** The lines outside fenced code blocks, by their 1-based line number. */
  prose: { line: number; text: string }[];
}

function parseMarkdown(markdown: string): Parsed {
  const fences: Fence[] = [];
  const prose: Parsed['prose'] = [];
  const lines = markdown.split('\n');
  let open: { line: number; info: string; marker: string; indent: number; body: string[] } | undefined;
  for (const [index, line] of lines.entries()) {
    if (open === undefined) {
      const opening = /^(\s*)(`{3,}|~{3,})\s*([^`]*?)\s*$/.exec(line);
      if (opening) {
        const [, indent = '', marker = '', info = ''] = opening;
        open = { line: index + 1, info, marker, indent: indent.length, body: [] };
      } else {
        prose.push({ line: index + 1, text: line });
      }
      continue;
    }
    const closing = /^\s*(`{3,}|~{3,})\s*$/.exec(line)?.[1] ?? '';
    if (closing[0] === open.marker[0] && closing.length >= open.marker.length) {
      fences.push({ line: open.line, info: open.info, text: open.body.join('\n') });
      open = undefined;
    } else {
      open.body.push(line.slice(Math.min(open.indent, /^\s*/.exec(line)?.[0].length ?? 0)));
    }
  }
  if (open) prose.push({ line: open.line, text: '```unclosed fence' });
  return { fences, prose };
}

/** Prose with its code spans and HTML comments blanked out (lines and offsets kept): no link is written in them. */
function withoutCode(text: string): string {
  const blank = (span: string) => span.replace(/[^\n]/g, ' ');
  return text.replace(/<!--[\s\S]*?-->/g, blank).replace(/(`+)[\s\S]*?[^`]\1(?!`)/g, blank);
}

/** GitHub's heading anchors (github-slugger): lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingSlugs(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const slugs = new Set<string>();
  const add = (slug: string) => {
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    slugs.add(count === 0 ? slug : `${slug}-${count}`);
  };
  for (const { text } of parseMarkdown(markdown).prose) {
    for (const anchor of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) slugs.add(anchor[1] ?? '');
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text);
    if (!heading) continue;
    const rendered = (heading[1] ?? '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]|~~/g, '');
    add(
      rendered
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-'),
    );
  }
  return slugs;
}

// ---------------------------------------------------------------------------------------------------------
// Links

/** What is wrong with the links of one Markdown file (`file` relative to the root); empty when nothing is. */
function linkProblems(file: string, markdown: string, readFile: (path: string) => string = read): string[] {
  const problems: string[] = [];
  const { prose } = parseMarkdown(markdown);
  const text = prose.map((entry) => entry.text).join('\n');
  const lineOf = (offset: number) => prose[text.slice(0, offset).split('\n').length - 1]?.line ?? 0;
  const plain = withoutCode(text);
  const targets: { offset: number; target: string }[] = [];
  for (const link of plain.matchAll(
    /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g,
  )) {
    targets.push({ offset: link.index, target: (link[1] ?? '').replace(/^<|>$/g, '') });
  }
  for (const definition of plain.matchAll(/^ {0,3}\[[^\]]+\]:\s*(\S+)/gm)) {
    targets.push({ offset: definition.index, target: definition[1] ?? '' });
  }
  for (const url of plain.matchAll(/<?\b[a-z][a-z0-9+.-]*:\/\/[^\s)>]*/gi)) {
    if (!targets.some((t) => t.target === url[0].replace(/^</, ''))) {
      targets.push({ offset: url.index, target: url[0].replace(/^</, '') });
    }
  }
  for (const { offset, target } of targets) {
    const where = `${file}:${lineOf(offset)} (${target})`;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
      problems.push(`${where}: links outside the repository`);
      continue;
    }
    const [rawPath = '', anchor] = target.split('#', 2);
    let path: string;
    try {
      path = decodeURI(rawPath);
    } catch {
      problems.push(`${where}: is not a valid path`);
      continue;
    }
    const resolved =
      path === ''
        ? join(root, file)
        : path.startsWith('/')
          ? join(root, path)
          : resolve(root, dirname(file), path);
    const inside = relative(root, resolved);
    if (inside.startsWith('..') || resolve(root, inside) !== resolved) {
      problems.push(`${where}: leaves the repository`);
      continue;
    }
    if (path !== '' && !existsSync(resolved)) {
      problems.push(`${where}: ${inside} does not exist`);
      continue;
    }
    if (anchor === undefined) continue;
    if (path !== '' && (statSync(resolved).isDirectory() || !resolved.endsWith('.md'))) {
      problems.push(`${where}: an anchor needs a Markdown file`);
    } else if (!headingSlugs(path === '' ? markdown : readFile(inside)).has(anchor)) {
      problems.push(`${where}: ${inside} has no heading #${anchor}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------
// Request examples

type Route =
  | { kind: 'operation'; operation: Operation }
  | { kind: 'gateway'; id: string; param?: string; maxLength?: number };

const routes = new Router<Route>({ ignoreCase: false });
for (const operation of operations) {
  for (const path of pathsOf(operation)) routes.add(operation.method, path, { kind: 'operation', operation });
}
const familyReads = families.flatMap((family) => family.reads);
for (const route of gatewayRoutes) {
  const read = familyReads.find((candidate) => candidate.path === route.path);
  routes.add(route.method, route.path, {
    kind: 'gateway',
    id: route.id,
    ...(read && { param: read.param, maxLength: read.maxLength }),
  });
}

interface Example {
  file: string;
  line: number;
  method: string;
  target: string;
  headers: Record<string, string>;
  body: string;
}

/** The ```http blocks of a Markdown file: `METHOD /path?query HTTP/1.1`, headers, a blank line, the body. */
function examplesIn(
  file: string,
  markdown: string,
): (Example | { file: string; line: number; problem: string })[] {
  return parseMarkdown(markdown)
    .fences.filter((fence) => fence.info === 'http')
    .map((fence) => {
      const [requestLine = '', ...rest] = fence.text.split('\n');
      const request = /^([A-Z]+) (\/\S*) HTTP\/1\.1$/.exec(requestLine.trim());
      if (!request) {
        return { file, line: fence.line, problem: `"${requestLine}" is not METHOD /path HTTP/1.1` };
      }
      const blank = rest.findIndex((line) => line.trim() === '');
      const headerLines = blank === -1 ? rest : rest.slice(0, blank);
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const header = /^([A-Za-z0-9-]+):\s*(.*?)\s*$/.exec(line);
        if (!header) return { file, line: fence.line, problem: `"${line}" is not a header` };
        headers[(header[1] ?? '').toLowerCase()] = header[2] ?? '';
      }
      const body =
        blank === -1
          ? ''
          : rest
              .slice(blank + 1)
              .join('\n')
              .trim();
      return { file, line: fence.line, method: request[1] ?? '', target: request[2] ?? '', headers, body };
    });
}

/** Why the gateway would not take the example as it stands (undefined: it would), and what it names. */
function exampleProblem(example: Example): { problem?: string; route?: Route } {
  const url = new URL(example.target, 'http://127.0.0.1:3000');
  const match = routes.match(example.method, url.pathname);
  if (match.kind !== 'found') {
    return {
      problem: `${example.method} ${url.pathname} is no operation of the registry and no /gateway/ route`,
    };
  }
  const query = Object.fromEntries(url.searchParams);
  const route = match.value;
  if (example.body !== '' && example.headers['content-type'] === undefined) {
    return { problem: 'a body without a Content-Type header', route };
  }
  if (route.kind === 'gateway') {
    if (example.body !== '' || url.search !== '')
      return { problem: 'a /gateway/ read takes no body or query', route };
    if (route.param === undefined) return { route };
    const id = match.params[route.param] ?? '';
    return isSafeSegment(id, route.maxLength)
      ? { route }
      : { problem: safeSegmentMessage(route.param, route.maxLength), route };
  }
  const checked = checkRequest(
    route.operation,
    {
      path: url.pathname,
      pathParams: match.params,
      query,
      body: example.body === '' ? undefined : Buffer.from(example.body),
      contentType: example.headers['content-type'],
      idempotencyKey: example.headers['idempotency-key'],
      caller: 'docs',
      deadline: Number.POSITIVE_INFINITY,
    },
    { overdraftAgreement: true, now: NOW },
  );
  return checked.ok
    ? { route }
    : { problem: `${checked.status} ${checked.title}: ${JSON.stringify(checked.errors)}`, route };
}

const found = exampleFiles.flatMap((file) => examplesIn(file, read(file)));
const examples = found.filter((entry): entry is Example => 'method' in entry);
const at = (entry: { file: string; line: number }) => `${entry.file}:${entry.line}`;

describe('the request examples in README.md and docs/ are requests the gateway accepts', () => {
  it('finds examples, each written as METHOD /path HTTP/1.1, headers, a blank line and the body', () => {
    expect(examples.length).toBeGreaterThan(30);
    expect(found.flatMap((entry) => ('problem' in entry ? [`${at(entry)}: ${entry.problem}`] : []))).toEqual(
      [],
    );
  });

  it.each(
    examples.map((example) => [`${at(example)} ${example.method} ${example.target}`, example] as const),
  )('%s', (_name, example) => {
    expect(exampleProblem(example).problem).toBeUndefined();
  });

  it('shows every function family and every /gateway/ route at least once', () => {
    const shown = examples.map((example) => exampleProblem(example).route);
    const fns = new Set(shown.flatMap((route) => (route?.kind === 'operation' ? [route.operation.fn] : [])));
    const reads = new Set(shown.flatMap((route) => (route?.kind === 'gateway' ? [route.id] : [])));
    expect([...new Set(operations.map((operation) => operation.fn))].filter((fn) => !fns.has(fn))).toEqual(
      [],
    );
    expect(gatewayRoutes.map((route) => route.id).filter((id) => !reads.has(id))).toEqual([]);
  });
});

describe('the links in README.md, docs/ and the folder READMEs stay inside the repository and resolve', () => {
  it.each(linkedFiles)('%s', (file) => {
    expect(linkProblems(file, read(file))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const example = (markdown: string) => {
    const [first] = examplesIn('example.md', markdown);
    if (first === undefined || 'problem' in first) throw new Error('no example');
    return exampleProblem(first).problem;
  };

  it('refuse an example for a route nobody serves', () => {
    expect(example('```http\nGET /v3/Nowhere HTTP/1.1\n```')).toMatch(/no operation of the registry/);
  });

  it("refuse an example the gateway's rules refuse, and take it once it is right", () => {
    const create = (sortCode: string) =>
      example(
        '```http\nPOST /v3/Accounts HTTP/1.1\nContent-Type: application/json\nIdempotency-Key: k-1\n\n' +
          `{"accountName": "Client money", "owner": {"name": "Acme Ltd"}, "sortCode": "${sortCode}"}\n\`\`\``,
      );
    expect(create('04-00-04')).toMatch(/sortCode/);
    expect(create('040004')).toBeUndefined();
  });

  it('refuse a malformed /gateway/ read', () => {
    expect(example('```http\nGET /gateway/fx/trades/a%2Fb HTTP/1.1\n```')).toMatch(/endToEndId/);
  });

  it('refuse a link to a missing file or heading, and any link out of the repository', () => {
    const problems = linkProblems(
      'docs/example.md',
      [
        '# Title',
        '[fine](#title) [fine too](../README.md) [missing](nowhere.md) [no heading](../README.md#no-such-heading)',
        'See https://example.com and [out](http://example.com) and [up](../../etc/passwd).',
        '`https://in-code.example` is code, not a link.',
        '```sh',
        'curl http://127.0.0.1:3000/v1/Test',
        '```',
      ].join('\n'),
    );
    expect(problems).toEqual([
      expect.stringContaining('(nowhere.md): docs/nowhere.md does not exist'),
      expect.stringContaining('has no heading #no-such-heading'),
      expect.stringContaining('(http://example.com): links outside the repository'),
      expect.stringContaining('(../../etc/passwd): leaves the repository'),
      expect.stringContaining('(https://example.com): links outside the repository'),
    ]);
  });

  it('make anchors as GitHub does', () => {
    expect([
      ...headingSlugs('# Sandbox (`npm start`)\n## A, b & c\n## A, b & c\n### `CLEARWAY_HOME`'),
    ]).toEqual(['sandbox-npm-start', 'a-b--c', 'a-b--c-1', 'clearway_home']);
  });
});
