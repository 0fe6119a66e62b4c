import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Stack traces of a deployed function name the project's sources, mapped when a stack is first read, not when
 * the code loads. Node's `--enable-source-maps` reads, parses and measures the map of every mapped module as it
 * loads it: a fifth to a quarter of a function's cold start here. This reads a bundle file's map on the first
 * stack that passes through it, once per container. Every Lambda bundle installs it first
 * (`install-stack-traces.ts`); the sandbox and the tests run the TypeScript itself.
 */
const maps = new Map<string, { map: SourceMap; url: string } | undefined>();

function mapOf(file: string): { map: SourceMap; url: string } | undefined {
  if (!maps.has(file)) {
    let found: { map: SourceMap; url: string } | undefined;
    try {
      const url = `${file.startsWith('file:') ? file : pathToFileURL(file).href}.map`;
      found = { map: new SourceMap(JSON.parse(readFileSync(new URL(url), 'utf8'))), url };
    } catch {
      // No map beside the file (a file made only of dependencies) or not a file at all: left as it is.
      found = undefined;
    }
    maps.set(file, found);
  }
  return maps.get(file);
}

/** One frame as V8 writes it, its position replaced by the source's where the file's map has one. */
export function sourceFrame(site: NodeJS.CallSite): string {
  const text = site.toString();
  const file = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!file || line === null || column === null || !/\.m?js$/.test(file)) return text;
  const mapped = mapOf(file);
  const entry = mapped?.map.findEntry(line - 1, column - 1);
  if (!mapped || !entry || !('originalSource' in entry) || entry.generatedLine !== line - 1) return text;
  const source = fileURLToPath(new URL(entry.originalSource, mapped.url));
  const at = `${file}:${line}:${column}`;
  const index = text.lastIndexOf(at);
  if (index < 0) return text;
  return `${text.slice(0, index)}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${text.slice(index + at.length)}`;
}

function header(error: unknown): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return 'Error';
  }
}

/** A stack as V8 writes it by default, with `sourceFrame` for each frame: `Error.prepareStackTrace`. */
export function sourceMappedStack(error: unknown, sites: NodeJS.CallSite[]): string {
  return `${header(error)}${sites.map((site) => `\n    at ${sourceFrame(site)}`).join('')}`;
}
