import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { DeployedFunction } from '../template.js';
import { FAKE_AWS } from '../template.js';

const runtimeFile = fileURLToPath(new URL('./runtime.mjs', import.meta.url));
/** Lines of a function's output kept for a failure's message. */
const KEPT_LINES = 400;
const INIT_TIMEOUT_MS = 10_000;

/** A function that could not start: the message names it and says why, as its cold start would fail. */
export class ColdStartError extends Error {
  override readonly name = 'ColdStartError';
}

/** An invocation that failed (the handler threw, or the function timed out). */
export class InvocationError extends Error {
  override readonly name = 'InvocationError';
}

export interface LambdaSettings {
  /** Added to the template's environment: the local cloud's endpoint, for the AWS SDK. */
  readonly endpointUrl?: string;
  /** The credentials Lambda would hand the function's role session; the local cloud knows the key id. */
  readonly accessKeyId: string;
}

/**
 * One deployed function, run as Lambda runs it: its bundle in a Node process of its own (`runtime.mjs`)
 * with exactly the environment its template sets plus what the Lambda service adds, one invocation at a
 * time, the template's timeout enforced.
 */
export class LocalLambda {
  readonly output: string[] = [];
  /** Every environment variable name the function read during its init (its composition root's build). */
  variablesReadAtInit: readonly string[] = [];
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly fn: DeployedFunction,
    private readonly child: ChildProcess,
  ) {}

  /** Starts the process and waits for its init to finish; a failed init is a `ColdStartError`. */
  static async start(fn: DeployedFunction, settings: LambdaSettings): Promise<LocalLambda> {
    if (fn.assetDir === undefined)
      throw new ColdStartError(`${fn.service}: the template has no bundle for it`);
    const child = fork(runtimeFile, [fn.assetDir, fn.handler], {
      cwd: fn.assetDir,
      env: lambdaEnvironment(fn, settings),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      execArgv: [],
    });
    const lambda = new LocalLambda(fn, child);
    const keep = (chunk: Buffer) => {
      lambda.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      lambda.output.splice(0, Math.max(0, lambda.output.length - KEPT_LINES));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(`init took longer than ${INIT_TIMEOUT_MS} ms`), INIT_TIMEOUT_MS);
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill();
        reject(new ColdStartError(`${fn.service} (${fn.logicalId}) failed its cold start: ${why}`));
      };
      child.once('exit', (code) =>
        fail(`the process exited (${code}): ${lambda.output.slice(-5).join(' | ')}`),
      );
      child.once('message', (message: RuntimeMessage) => {
        if (message.type === 'ready') {
          lambda.variablesReadAtInit = message.variablesRead;
          clearTimeout(timer);
          child.removeAllListeners('exit');
          resolve();
        } else if (message.type === 'init-error') fail(`${message.error.name}: ${message.error.message}`);
      });
    });
    return lambda;
  }

  /** Invokes the handler with `event` after any invocation in progress (one at a time, as one instance). */
  invoke<T = unknown>(event: unknown): Promise<T> {
    const run = this.#queue.then(() => this.invokeNow<T>(event));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  private invokeNow<T>(event: unknown): Promise<T> {
    const requestId = randomUUID();
    const timeoutMs = this.fn.timeoutSeconds * 1000;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.child.off('message', onMessage);
        reject(
          new InvocationError(`${this.fn.service}: Task timed out after ${this.fn.timeoutSeconds} seconds`),
        );
      }, timeoutMs);
      const onMessage = (message: RuntimeMessage) => {
        if (!('requestId' in message) || message.requestId !== requestId) return;
        clearTimeout(timer);
        this.child.off('message', onMessage);
        if (message.type === 'result') resolve(message.result as T);
        else
          reject(new InvocationError(`${this.fn.service}: ${message.error.name}: ${message.error.message}`));
      };
      this.child.on('message', onMessage);
      this.child.send({ requestId, event, functionArn: this.fn.arn, deadline: Date.now() + timeoutMs });
    });
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill();
    });
  }
}

type RuntimeMessage =
  | { type: 'ready'; variablesRead: string[] }
  | { type: 'init-error'; error: { name: string; message: string } }
  | { type: 'result'; requestId: string; result: unknown }
  | { type: 'error'; requestId: string; error: { name: string; message: string } };

/** The template's variables, then what the Lambda service sets for every function (the reserved names). */
function lambdaEnvironment(fn: DeployedFunction, settings: LambdaSettings): Record<string, string> {
  const logGroup = `/aws/lambda/${fn.name}`;
  return {
    ...fn.environment,
    ...(settings.endpointUrl === undefined ? {} : { AWS_ENDPOINT_URL: settings.endpointUrl }),
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    _HANDLER: fn.handler,
    LAMBDA_TASK_ROOT: fn.assetDir ?? '',
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: fn.name,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memorySize),
    AWS_LAMBDA_LOG_GROUP_NAME: logGroup,
    AWS_LAMBDA_LOG_STREAM_NAME: `local/[$LATEST]${randomUUID().replaceAll('-', '')}`,
    AWS_LAMBDA_LOG_FORMAT: 'JSON',
    AWS_LAMBDA_LOG_LEVEL: 'INFO',
    AWS_REGION: FAKE_AWS.region,
    AWS_DEFAULT_REGION: FAKE_AWS.region,
    AWS_ACCESS_KEY_ID: settings.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local-secret-key',
    AWS_SESSION_TOKEN: `local-session-${fn.logicalId}`,
  };
}
