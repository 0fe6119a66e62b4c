/**
 * The sandbox's log lines for a person: Powertools writes one JSON object per line (as CloudWatch wants it);
 * in a terminal `npm start` shows `10:42:07 INFO  bank answered  POST /v1/Test 200  ms=38` instead, and a
 * refusal `10:42:07 WARN  gateway refused the request  POST /v1/Test 400  Message: must be text`. Members
 * that say the same on every line (the function's ARN, memory, sampling rate, service) are left out; EMF
 * metric lines are dropped. `CLEARWAY_LOG_FORMAT=json` keeps the JSON.
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
  // The function is named in brackets after the message.
  const said = new Set([...SAME_ON_EVERY_LINE, 'function_name']);
  const head: string[] = [];
  // The request a line is about (the bank client's and the gateway's lines), then why it was refused.
  if (typeof entry.method === 'string' && typeof entry.path === 'string') {
    head.push([entry.method, entry.path, entry.status].filter((part) => part !== undefined).join(' '));
    for (const shown of ['method', 'path', 'status']) said.add(shown);
  }
  const problems = problemsOf(entry.errors);
  if (problems !== undefined) {
    head.push(problems);
    said.add('errors');
  }
  const fields = Object.entries(entry)
    .filter(([name]) => !said.has(name))
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const name = typeof entry.function_name === 'string' ? ` [${entry.function_name}]` : '';
  return `${time} ${entry.level.padEnd(5)} ${entry.message}${name}  ${[...head, fields.join(' ')].join('  ')}`.trimEnd();
}

/** A problem's `errors` (property to messages) as `Message: must be text  amount: one; another`. */
function problemsOf(errors: unknown): string | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined;
  const properties = Object.entries(errors).map(([property, messages]) =>
    Array.isArray(messages) ? `${property}: ${messages.join('; ')}` : undefined,
  );
  return properties.length === 0 || properties.includes(undefined) ? undefined : properties.join('  ');
}

/**
 * Rewrites what goes to each stream that is a terminal through `prettyLogText`, unless
 * `CLEARWAY_LOG_FORMAT=json`: stdout, and stderr, where Powertools writes WARN and ERROR lines (refusals,
 * the bank's errors, failures). Answers whether any is rewritten.
 */
export function prettyLogsInTerminal(
  env: NodeJS.ProcessEnv = process.env,
  streams: ReadonlyArray<Pick<NodeJS.WriteStream, 'isTTY' | 'write'>> = [process.stdout, process.stderr],
): boolean {
  if (env.CLEARWAY_LOG_FORMAT === 'json') return false;
  const terminals = streams.filter((stream) => stream.isTTY);
  for (const stream of terminals) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) =>
      write(typeof chunk === 'string' ? prettyLogText(chunk) : chunk, ...rest)) as typeof stream.write;
  }
  return terminals.length > 0;
}
