import { ClearwayConnectionError } from './errors.js';
import type { ClearwayClientOptions } from './options.js';

/** Where `npm start` serves the sandbox's gateway (`CLEARWAY_PORT`, default 3000). */
export const SANDBOX_URL = 'http://127.0.0.1:3000';

/**
 * Options for a client of the sandbox: `createClearwayClient(sandboxOptions())`. The sandbox checks only a
 * signature's shape, so any region and dummy credentials do; the rules that depend on the time are judged at
 * the sandbox's clock (which tests and the demo move), read from the sandbox before each call.
 */
export function sandboxOptions(baseUrl: string = SANDBOX_URL): ClearwayClientOptions {
  const clockUrl = `${baseUrl.replace(/\/+$/, '')}/gateway/local/clock`;
  return {
    baseUrl,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'AKIDSANDBOX', secretAccessKey: 'sandbox-secret' },
    rules: { now: () => sandboxNow(clockUrl) },
  };
}

async function sandboxNow(clockUrl: string): Promise<Date> {
  let response: Response;
  try {
    response = await fetch(clockUrl);
  } catch (error) {
    const reason = `${(error as Error).message} (is the sandbox running? npm start)`;
    throw new ClearwayConnectionError(`GET ${clockUrl}, the sandbox's clock, failed: ${reason}`, 1, {
      cause: error,
    });
  }
  if (!response.ok) throw new Error(`GET ${clockUrl} answered ${response.status}: is this the sandbox?`);
  return new Date(((await response.json()) as { now: string }).now);
}
