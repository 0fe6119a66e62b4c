import { readFile } from 'node:fs/promises';
import { jaroWinkler } from '@skyra/jaro-winkler';
import {
  ClearwayApiError,
  type ClearwayClientOptions,
  type ClearwayResponse,
  createClearwayClient,
  type OperationId,
  sandboxOptions,
} from '#client/index.js';
import { type CliContext, type Command, parseOptions, UsageError } from '#shared/cli/framework.js';
import { JsonReadError, type JsonValue, readJson } from '#shared/json/read-json.js';
import { operations } from '#shared/operations/index.js';

const usage = `usage: clearway call <operationId> [--base-url <url>] [--region <region>] [--body <file>|-]
                     [--path <name>=<value>]... [--query <name>=<value>]... [--idempotency-key <key>]

Sends one operation of the internal API through the typed client: checked by the gateway's own rules first
(a request they refuse is not sent), signed with SigV4, retried with one Idempotency-Key. Prints the status
and the answer's JSON body; an error answer (4xx, 5xx) prints its problem and exits 1.

  <operationId>             as in openapi.json and the README's operations table, such as createAccount
  --base-url <url>          the API Gateway stage, signed with the AWS default credential chain; without it,
                            the sandbox at http://127.0.0.1:$CLEARWAY_PORT (3000 by default), with dummy
                            credentials and the time rules judged at the sandbox clock
  --region <region>         the stage's region (default AWS_REGION, then AWS_DEFAULT_REGION)
  --body <file>|-           the JSON body, from a file or from standard input (-)
  --path <name>=<value>     a path parameter, such as accountId=...; once for each
  --query <name>=<value>    a query parameter, such as pageSize=5; once for each
  --idempotency-key <key>   repeats an earlier write safely (default: a new UUID for every write)`;

/** `clearway call`: one operation through the typed client, to a deployed stage or the sandbox. */
export const callCommand: Command = {
  summary: 'send one operation through the typed client (checked, signed) to a stage or the sandbox',
  usage,
  async run(args, context) {
    const [operationId, ...rest] = args;
    if (operationId === undefined || operationId.startsWith('-')) {
      throw new UsageError('name the operation first: clearway call <operationId> [options]');
    }
    const options = parseOptions(rest, {
      'base-url': { type: 'string' },
      region: { type: 'string' },
      body: { type: 'string' },
      path: { type: 'string', multiple: true },
      query: { type: 'string', multiple: true },
      'idempotency-key': { type: 'string' },
    });
    const id = knownOperation(operationId);
    const request = {
      ...(options.path && { pathParams: pairs(options.path, '--path') }),
      ...(options.query && { query: pairs(options.query, '--query') }),
      ...(options.body !== undefined && { body: await readBody(options.body, context) }),
      ...(options['idempotency-key'] !== undefined && { idempotencyKey: options['idempotency-key'] }),
    };
    const client = createClearwayClient({
      ...target(options['base-url'], options.region, context),
      fetch: (input, init) => context.fetch(String(input), init ?? {}),
      sleep: (ms) => context.sleep(ms),
    });
    const call = client[id] as (request: object) => Promise<ClearwayResponse<unknown>>;
    try {
      const answer = await call(request);
      context.out(
        `${answer.method} ${answer.path} -> ${answer.status}${notes(answer)}\n${pretty(answer.body)}`,
      );
    } catch (error) {
      if (!(error instanceof ClearwayApiError)) throw error;
      const refused = error.sent ? '' : ' (refused by the client, not sent)';
      context.out(`${error.method} ${error.path} -> ${error.status}${refused}\n${pretty(error.problem)}`);
      throw error; // the summary on standard error, exit code 1
    }
  },
};

/** The sandbox with its preset unless a stage is given; a stage is signed with the default credential chain. */
function target(
  baseUrl: string | undefined,
  region: string | undefined,
  context: CliContext,
): ClearwayClientOptions {
  if (baseUrl === undefined) {
    return sandboxOptions(`http://127.0.0.1:${context.env.CLEARWAY_PORT ?? '3000'}`);
  }
  const stageRegion = region ?? context.env.AWS_REGION ?? context.env.AWS_DEFAULT_REGION;
  if (stageRegion === undefined) throw new UsageError('pass --region <region> or set AWS_REGION');
  return { baseUrl, region: stageRegion };
}

function knownOperation(name: string): OperationId {
  const ids = operations.map((operation) => operation.id);
  if (ids.includes(name)) return name as OperationId;
  const near = ids
    .map((id) => ({ id, likeness: jaroWinkler(id.toLowerCase(), name.toLowerCase()) }))
    .filter(({ likeness }) => likeness >= 0.85)
    .sort((a, b) => b.likeness - a.likeness)
    .slice(0, 3)
    .map(({ id }) => id);
  const hint =
    near.length > 0 ? `; did you mean ${near.join(', ')}?` : ' (see the operationIds in openapi.json)';
  throw new UsageError(`unknown operation "${name}"${hint}`);
}

/** `name=value` options as an object; a value may itself hold `=`. */
function pairs(texts: string[], option: string): Record<string, string> {
  return Object.fromEntries(
    texts.map((text) => {
      const at = text.indexOf('=');
      if (at < 1) throw new UsageError(`${option} takes <name>=<value>, not "${text}"`);
      return [text.slice(0, at), text.slice(at + 1)];
    }),
  );
}

/** The body as the gateway reads it: numbers keep the digits written, and go out unchanged. */
async function readBody(source: string, context: CliContext): Promise<JsonValue> {
  let text: string;
  try {
    text = source === '-' ? await context.readStdin() : await readFile(source, 'utf8');
  } catch (error) {
    throw new UsageError(`--body ${source} could not be read: ${(error as Error).message}`);
  }
  try {
    return readJson(text);
  } catch (error) {
    if (!(error instanceof JsonReadError)) throw error;
    throw new UsageError(`--body ${source} is not valid JSON at ${error.path}: ${error.message}`);
  }
}

/** What to keep from an answer besides its body: the key that repeats a write, and the gateway's outcome. */
function notes(answer: ClearwayResponse<unknown>): string {
  const kept = [
    answer.idempotencyKey !== undefined && `Idempotency-Key ${answer.idempotencyKey}`,
    answer.outcome !== undefined && `Clearway-Outcome ${answer.outcome}`,
  ].filter(Boolean);
  return kept.length > 0 ? `  (${kept.join(', ')})` : '';
}

function pretty(body: unknown): string {
  if (body === undefined) return '';
  return `${typeof body === 'string' ? body : JSON.stringify(body, null, 2)}\n`;
}
