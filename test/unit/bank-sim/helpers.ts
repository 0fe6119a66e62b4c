import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BankSimulator, type BankSimulatorOptions, startBankSimulator } from '#sim/simulator.js';
import { ManualClock } from '#shared/ports/clock.js';
import { SignatureVerifier } from '#shared/signing/verifier.js';

function keyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** Generated once per test file: RSA key generation is the slowest part of a test. */
export const institutionKeys = keyPair();
export const bankKeys = keyPair();

export const TOKEN = 'sandbox-token-1234';
export const START = '2026-01-05T09:00:00.000Z';
export const TOKEN_EXPIRES = '2026-02-01T00:00:00.000Z';

export function signWithInstitutionKey(bytes: string | Buffer): string {
  return sign('sha256', Buffer.from(bytes), institutionKeys.privateKey).toString('base64');
}

export async function startTestSimulator(
  overrides: Partial<BankSimulatorOptions> = {},
  institution: Partial<BankSimulatorOptions['institution']> = {},
): Promise<BankSimulator> {
  return startBankSimulator({
    clock: new ManualClock(START),
    webhookSigningKeyPem: bankKeys.privateKey,
    // Generous, so a correct listener is never late on a loaded machine; the Timeout test shortens it.
    webhookTimeoutMs: 2_000,
    onError: () => {},
    ...overrides,
    institution: {
      tokens: [{ value: TOKEN, expiresAt: TOKEN_EXPIRES }],
      publicKeyPem: institutionKeys.publicKey,
      ...institution,
    },
  });
}

export interface CallOptions {
  /** Sent byte for byte. */
  body?: string;
  /** null leaves the header out; default: a fresh uuid on every method. */
  requestId?: string | null;
  token?: string | null;
  /** null leaves the header out; default: the institution's signature of `body`. */
  signature?: string | null;
  headers?: Record<string, string>;
}

/** A request as the institution sends it: token, X-Request-Id and the signature of the exact body. */
export function call(
  sim: BankSimulator,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = options.token === undefined ? TOKEN : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const requestId = options.requestId === undefined ? randomUUID() : options.requestId;
  if (requestId !== null) headers['x-request-id'] = requestId;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    const signature =
      options.signature === undefined ? signWithInstitutionKey(options.body) : options.signature;
    if (signature !== null) headers.digitalsignature = signature;
  }
  return fetch(`${sim.url}${path}`, { method, headers, body: options.body });
}

export function admin(sim: BankSimulator, method: string, path: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  return fetch(`${sim.url}${path}`, init);
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the bank's signature verifies over the exact body. */
  signatureValid: boolean;
}

/** How the listener answers one webhook; the default is the correct answer. */
export interface ListenerAnswer {
  status?: number;
  /** Default `{"Nonce":<the received digits>}`. */
  body?: string;
  /** Default true: sign the answer body with the institution's key. */
  sign?: boolean;
  delayMs?: number;
}

export interface WebhookListener {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

const bankVerifier = new SignatureVerifier([bankKeys.publicKey]);

/** A tiny institution webhook endpoint on a free port; `answer` decides each answer. */
export async function startListener(
  answer: (webhook: ReceivedWebhook, index: number) => ListenerAnswer = () => ({}),
): Promise<WebhookListener> {
  const received: ReceivedWebhook[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const signature = req.headers.digitalsignature;
    const webhook = {
      headers: req.headers,
      body: raw.toString('utf8'),
      signatureValid: bankVerifier.isValid(raw, typeof signature === 'string' ? signature : undefined),
    };
    received.push(webhook);
    const plan = answer(webhook, received.length - 1);
    if (plan.delayMs) await new Promise((resolve) => setTimeout(resolve, plan.delayMs));
    const body = plan.body ?? `{"Nonce":${nonceOf(webhook.body)}}`;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (plan.sign ?? true) headers.digitalsignature = signWithInstitutionKey(body);
    if (res.destroyed) return;
    res.writeHead(plan.status ?? 200, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The Nonce digits as written in the envelope text. */
export function nonceOf(body: string): string {
  const digits = /"Nonce":(\d+)\}$/.exec(body)?.[1];
  if (!digits) throw new Error(`no Nonce in ${body}`);
  return digits;
}

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;

/** The bank's problem body as the simulator writes it (every member present). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors: Record<string, string[]>;
}

export async function problemOf(response: Response): Promise<Problem> {
  return (await response.json()) as Problem;
}

export async function jsonOf<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/**
 * Simulators that deliver their webhooks to one listener and can be started again from a snapshot: the sandbox
 * keeps the clock beside the snapshot, so a resumed simulator starts at the time it stopped (`at`). Call
 * `close` after each test.
 */
export function resumableSimulators() {
  const simulators: BankSimulator[] = [];
  let listener: WebhookListener | undefined;
  return {
    async start(resumeFrom?: unknown[], at?: string): Promise<BankSimulator> {
      listener ??= await startListener();
      const sim = await startTestSimulator(
        { ...(resumeFrom && { resumeFrom }), ...(at !== undefined && { clock: new ManualClock(at) }) },
        { webhookUrl: listener.url, tokens: [{ value: TOKEN, expiresAt: '2030-01-01T00:00:00.000Z' }] },
      );
      simulators.push(sim);
      return sim;
    },
    /** Closes one simulator now (a restart), not again after the test. */
    async stop(sim: BankSimulator): Promise<void> {
      simulators.splice(simulators.indexOf(sim), 1);
      await sim.close();
    },
    /** The webhooks received since the last call, taken out. */
    received: (): ReceivedWebhook[] => listener?.received.splice(0) ?? [],
    async close(): Promise<void> {
      for (const sim of simulators.splice(0)) await sim.close();
      await listener?.close();
      listener = undefined;
    },
  };
}
