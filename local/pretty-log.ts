/**
 * The sandbox's log lines for a person: Powertools writes one JSON object per line (as CloudWatch wants it);
 * in a terminal `npm start` shows `10:42:07 INFO  bank answered  operation=postTest status=200 ms=38`
 * instead. Members that say the same on every line (the function's ARN, memory, sampling rate, service) are
 * left out; EMF metric lines are dropped. `CLEARWAY_LOG_FORMAT=json` keeps the JSON.
 */
const SAME_ON_EVERY_LINE = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'cold_start',
  'function_arn',
  'function_memory_size',
  'function_request_id',
  'sampling_rate',
  'xray_trace_id',
]);

/** One written chunk made readable; text that is not a Powertools log line passes unchanged. */
export function prettyLogText(text: string): string {
  return text
    .split('\n')
    .map((line) => prettyLogLine(line))
    .filter((line) => line !== undefined)
    .join('\n');
}

function prettyLogLine(line: string): string | undefined {
  if (!line.startsWith('{')) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if ('_aws' in entry) return undefined;
  if (typeof entry.level !== 'string' || typeof entry.message !== 'string') return line;
  const time = typeof entry.timestamp === 'string' ? entry.timestamp.slice(11, 19) : '';
  const fields = Object.entries(entry)
    .filter(([name]) => !SAME_ON_EVERY_LINE.has(name))
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const name = typeof entry.function_name === 'string' ? ` [${entry.function_name}]` : '';
  return `${time} ${entry.level.padEnd(5)} ${entry.message}${name}  ${fields.filter((f) => !f.startsWith('function_name=')).join(' ')}`.trimEnd();
}

/** Rewrites what goes to stdout through `prettyLogText`, in a terminal unless `CLEARWAY_LOG_FORMAT=json`. */
export function prettyLogsInTerminal(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!process.stdout.isTTY || env.CLEARWAY_LOG_FORMAT === 'json') return false;
  const write = process.stdout.write.bind(process.stdout) as (chunk: unknown, ...rest: unknown[]) => boolean;
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(typeof chunk === 'string' ? prettyLogText(chunk) : chunk, ...rest)) as typeof process.stdout.write;
  return true;
}
