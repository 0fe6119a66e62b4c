import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpMethod } from '#shared/http/types.js';
import { type Operation, pathsOf, type RequestRules } from '#shared/operations/operation.js';
import type { ManualClock } from '#shared/ports/clock.js';
import { PemSigner } from '#shared/signing/pem-signer.js';
import { type AdminEndpoint, type AdminHost, adminRouter } from './admin.js';
import { BoundedLog, type LogLimits } from './bounded-log.js';
import { type FaultSettings, Faults } from './faults.js';
import { parseTarget, problemTitle, writeResponse } from './http.js';
import { type Institution, type InstitutionConfig, InstitutionRegistry } from './institutions.js';
import { loggableHeaders, loggedBody, type RequestRecord, SIM_LOG_LIMITS } from './logs.js';
import { handleBankRequest, type PipelineDeps, type RouteEntry } from './pipeline.js';
import type { BankApi, Product } from './product.js';
import { problemAnswer, TITLES } from './problems.js';
import { readBody } from './read-body.js';
import { RequestIdRegistry } from './request-ids.js';
import { Router } from '#shared/http/router.js';
import { ClockScheduler, InFlight, type SavedTask } from './scheduler.js';
import { fromSnapshotJson, type SnapshotJson, toSnapshotJson } from './snapshot-json.js';
import { SimState } from './state.js';
import { taskNamed } from './tasks.js';
import type { BodyOf, EmitOptions, PathParams, RouteHandler, SimTask } from './types.js';
import {
  type DeliveryRecord,
  type SavedWebhooks,
  WebhookDispatcher,
  type WebhookRecord,
} from './webhooks.js';

export interface SimulatorOptions {
  /** Drives token expiry, the 24-hour X-Request-Id window and the webhook retry schedule. */
  clock: ManualClock;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The simulator's own PKCS #8 private key: it signs webhooks. */
  webhookSigningKeyPem: string;
  institution: InstitutionConfig;
  /** Further institutions, for tests of one institution's token against another's data. */
  otherInstitutions?: InstitutionConfig[];
  /** What the bank offers: each product's routes and admin endpoints (the entry point passes `products/index.ts`). */
  products: readonly Product[];
  /** Real milliseconds an institution has to answer a webhook. Default 5 000. */
  webhookTimeoutMs?: number;
  /** Draws for the fault rates. Default Math.random. */
  random?: () => number;
  /** Digits of the next webhook Nonce. Default random in 1 to 2^32. */
  nonce?: () => string;
  /** Larger request bodies are answered 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** What each log (requests, webhooks, deliveries) keeps. Default `SIM_LOG_LIMITS`. */
  logLimits?: LogLimits;
  /** Where failures inside the simulator go (a throwing handler, a scheduled task). Default console.error. */
  onError?: (error: unknown, where: string) => void;
  /**
   * Act as the bank entity that wants the path-based signature: the operations whose record says
   * `pathSignature` then require `X-Request-Time` and a `DigitalSignature` over the request line
   * (shared/bank/path-signature.ts). Default false, as the UK entity.
   */
  pathSignature?: boolean;
  /** Start from what `snapshot()` saved (a restart of the sandbox), instead of an empty bank. */
  resumeFrom?: SnapshotJson;
}

/** What a simulator saves: every product's state, the work waiting on the clock, the webhooks to send. */
interface SavedSimulator {
  state: ReadonlyMap<string, unknown>;
  scheduled: SavedTask[];
  webhooks: SavedWebhooks;
  faults: FaultSettings;
  /** The institutions' switches the admin endpoints change; the rest comes from the options. */
  institutions: Array<Pick<Institution, 'id' | 'subscribedToWebhooks' | 'nameCheckService'>>;
}

/** A saved simulator that this code cannot resume: another version's, or damaged. */
export class ResumeError extends Error {
  override readonly name = 'ResumeError';
}

/** The simulated bank as the sandbox and the tests drive it: its products' routes, the admin host and these. */
export interface BankSimulator extends BankApi, AdminHost {
  readonly url: string;
  readonly port: number;
  readonly institutions: InstitutionRegistry;
  /**
   * Sends any webhook, even one no record knows or a payload its schema refuses (the admin route, tests of
   * unknown and broken webhooks); the products send through `SimHost.emitWebhook`, typed by the records.
   */
  emitWebhook(type: string, version: number, payload: unknown, options?: EmitOptions): WebhookRecord;
  setWebhookUrl(url: string | undefined, institutionId?: string): void;
  /** Runs the scheduled work the clock has reached (call after moving `clock` directly). */
  tick(): void;
  /**
   * Runs `work` once the clock reaches `when`, with the bank's own scheduled work, so the sandbox's other
   * clock readers (its workflows) move with it; `idle` waits for the work it started.
   */
  at(when: Date, label: string, work: () => Promise<unknown>): void;
  /** Work `idle` waits for. */
  track(work: Promise<unknown>): void;
  /** The bank as data, to start another simulator from (`resumeFrom`). */
  snapshot(): SnapshotJson;
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Starts the core with the products it is given; `local/bank-sim/simulator.ts` passes every product. */
export async function startSimulator(options: SimulatorOptions): Promise<BankSimulator> {
  const simulator = new Simulator(options);
  await simulator.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  return simulator;
}

class Simulator implements BankSimulator {
  readonly clock: ManualClock;
  readonly state: SimState;
  readonly institutions: InstitutionRegistry;
  readonly #server: Server;
  readonly #routes = new Router<RouteEntry>({ ignoreCase: true });
  readonly #admin: Router<AdminEndpoint>;
  readonly #requestIds = new RequestIdRegistry();
  readonly #faults: Faults;
  readonly #scheduler: ClockScheduler;
  readonly #inFlight = new InFlight();
  readonly #dispatcher: WebhookDispatcher;
  readonly #requests: BoundedLog<RequestRecord>;
  readonly #onError: (error: unknown, where: string) => void;
  readonly #maxBodyBytes: number;
  readonly #pipeline: PipelineDeps;
  #seq = 0;
  #port = 0;
  #host = '127.0.0.1';

  constructor(options: SimulatorOptions) {
    this.clock = options.clock;
    const { resumeFrom } = options;
    const saved = resumeFrom && resuming(() => fromSnapshotJson(resumeFrom) as SavedSimulator);
    this.state = resuming(() => new SimState(saved?.state));
    this.#onError = options.onError ?? ((error, where) => console.error(`bank simulator: ${where}:`, error));
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.#requests = new BoundedLog(options.logLimits ?? SIM_LOG_LIMITS);
    this.institutions = new InstitutionRegistry([options.institution, ...(options.otherInstitutions ?? [])]);
    this.#faults = new Faults(options.random);
    this.#scheduler = new ClockScheduler(this.clock, this.#onError);
    this.#dispatcher = new WebhookDispatcher({
      clock: this.clock,
      signer: new PemSigner(options.webhookSigningKeyPem, 'the simulator webhook signing key'),
      institutions: this.institutions,
      scheduler: this.#scheduler,
      inFlight: this.#inFlight,
      nextFaults: () => this.#faults.nextWebhook(),
      onError: this.#onError,
      timeoutMs: options.webhookTimeoutMs,
      nonce: options.nonce,
      logLimits: options.logLimits ?? SIM_LOG_LIMITS,
    });
    this.#pipeline = {
      router: this.#routes,
      institutions: this.institutions,
      requestIds: this.#requestIds,
      faults: this.#faults,
      clock: this.clock,
      state: this.state,
      emit: (institution, type, version, payload, topLevel) =>
        this.#dispatcher.emit(institution, type, version, payload, undefined, topLevel),
      schedule: (at, label, task, ...args) => this.schedule(at, label, task, ...args),
      onError: this.#onError,
      baseUrl: () => this.url,
      pathSignature: options.pathSignature ?? false,
    };
    const names = new Set<string>();
    for (const product of options.products) {
      if (names.has(product.name)) throw new Error(`two products are named ${product.name}`);
      names.add(product.name);
      try {
        product.bankRoutes(this);
      } catch (error) {
        throw new Error(`product ${product.name}: ${(error as Error).message}`, { cause: error });
      }
    }
    this.#admin = adminRouter(this, options.products);
    if (saved) resuming(() => this.#resume(saved));
    this.#server = createServer((req, res) => {
      this.#serve(req, res).catch((error) => {
        this.#onError(error, `${req.method} ${req.url}`);
        if (!res.headersSent) {
          const detail = 'simulator failure';
          refuse(res, randomUUID(), { status: 500, title: TITLES.internal, detail, instance: '/' });
        } else res.destroy();
      });
    });
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException) => {
        const why = error.code === 'EADDRINUSE' ? 'the port is already in use' : error.message;
        reject(
          Object.assign(new Error(`the bank simulator cannot listen on ${host}:${port}: ${why}`), {
            code: error.code,
          }),
        );
      };
      this.#server.once('error', onError);
      this.#server.listen(port, host, () => {
        this.#server.off('error', onError);
        this.#port = (this.#server.address() as AddressInfo).port;
        this.#host = host;
        resolve();
      });
    });
  }

  get url(): string {
    return `http://${this.#host}:${this.#port}`;
  }

  get port(): number {
    return this.#port;
  }

  get institution(): Institution {
    return this.institutions.primary;
  }

  route<Path extends string, R extends RequestRules>(
    method: HttpMethod,
    path: Path,
    handler: RouteHandler<BodyOf<R>, PathParams<Path>>,
    rules: R = {} as R,
  ): void {
    this.#addRoute(method, path, { handler: handler as RouteHandler, rules });
  }

  #addRoute(method: HttpMethod, path: string, entry: RouteEntry): void {
    if (path.startsWith('/__sim')) throw new Error(`${path} is reserved for the admin endpoints`);
    this.#routes.add(method, path, entry);
  }

  /**
   * The bank routes without regard to case, so only spellings that differ by more than case need a route
   * of their own.
   */
  operation<O extends Operation>(
    operation: O,
    handler: RouteHandler<BodyOf<O>, PathParams<O['path']>>,
  ): void {
    const seen = new Set<string>();
    for (const path of pathsOf(operation)) {
      if (seen.has(path.toLowerCase())) continue;
      seen.add(path.toLowerCase());
      this.#addRoute(operation.method, path, {
        handler: handler as RouteHandler,
        rules: operation,
        pathSignature: operation.pathSignature === true,
        requestTime: operation.requestTime === true,
      });
    }
  }

  schedule<Args extends unknown[]>(at: Date, label: string, task: SimTask<Args>, ...args: Args): void {
    this.#scheduler.at(at, label, () => task.run(this, ...args), { task: task.name, args });
  }

  emitWebhook(type: string, version: number, payload: unknown, options: EmitOptions = {}): WebhookRecord {
    const institution = options.institutionId
      ? this.institutions.get(options.institutionId)
      : this.institution;
    if (!institution) throw new Error(`no institution ${options.institutionId}`);
    return this.#dispatcher.emit(institution, type, version, payload, options.nonce, options.topLevel);
  }

  get requests(): readonly RequestRecord[] {
    return this.#requests.entries;
  }

  clearRequests(): void {
    this.#requests.clear();
  }

  get webhooks(): readonly WebhookRecord[] {
    return this.#dispatcher.webhooks.entries;
  }

  get deliveries(): readonly DeliveryRecord[] {
    return this.#dispatcher.deliveries.entries;
  }

  clearDeliveries(): void {
    this.#dispatcher.deliveries.clear();
  }

  get faults(): FaultSettings {
    return this.#faults.current;
  }

  setFaults(settings: FaultSettings): FaultSettings {
    return this.#faults.set(settings);
  }

  setWebhookUrl(url: string | undefined, institutionId?: string): void {
    const institution = institutionId ? this.institutions.get(institutionId) : this.institution;
    if (!institution) throw new Error(`no institution ${institutionId}`);
    institution.webhookUrl = url;
  }

  releaseHeldWebhooks(): number {
    return this.#dispatcher.releaseHeld();
  }

  scheduled(): { at: string; label: string }[] {
    return this.#scheduler.pending();
  }

  async advanceClock(ms: number): Promise<Date> {
    this.clock.advance(ms);
    await this.idle();
    return this.clock.now();
  }

  async setClock(to: Date | string): Promise<Date> {
    this.clock.set(to);
    await this.idle();
    return this.clock.now();
  }

  tick(): void {
    this.#scheduler.runDue();
  }

  at(when: Date, label: string, work: () => Promise<unknown>): void {
    this.#scheduler.at(when, label, () => this.#inFlight.track(work()));
  }

  track(work: Promise<unknown>): void {
    this.#inFlight.track(work);
  }

  async idle(): Promise<void> {
    await this.#inFlight.settle(() => this.tick());
  }

  snapshot(): SnapshotJson {
    const saved: SavedSimulator = {
      state: this.state.entries(),
      scheduled: this.#scheduler.saved(),
      webhooks: this.#dispatcher.saved(),
      faults: this.#faults.current,
      institutions: this.institutions.all().map(({ id, subscribedToWebhooks, nameCheckService }) => ({
        id,
        subscribedToWebhooks,
        nameCheckService,
      })),
    };
    return toSnapshotJson(saved);
  }

  #resume(saved: SavedSimulator): void {
    for (const { at, label, task: name, args } of saved.scheduled) {
      const task = taskNamed(name);
      if (!task) throw new Error(`no scheduled task is named ${name}`);
      this.schedule(at, label, task, ...args);
    }
    this.#dispatcher.resume(saved.webhooks);
    this.#faults.set(saved.faults);
    for (const { id, subscribedToWebhooks, nameCheckService } of saved.institutions) {
      const institution = this.institutions.get(id);
      if (!institution) continue;
      institution.subscribedToWebhooks = subscribedToWebhooks;
      institution.nameCheckService = nameCheckService;
    }
  }

  async close(): Promise<void> {
    this.#dispatcher.close();
    this.#scheduler.clear();
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
    await this.#inFlight.settle();
  }

  async #serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const correlationId = randomUUID();
    const target = req.url ?? '/';
    const rawBody = await readBody(req, this.#maxBodyBytes);
    if (rawBody === undefined) {
      const detail = `the body is larger than ${this.#maxBodyBytes} bytes`;
      res.setHeader('connection', 'close');
      refuse(res, correlationId, { status: 413, title: TITLES.tooLarge, detail, instance: target });
      return;
    }
    const url = parseTarget(target);
    if (!url) {
      const detail = 'the request target is not a URL';
      refuse(res, correlationId, { status: 400, title: TITLES.badRequest, detail, instance: target });
      return;
    }
    if (url.pathname === '/__sim' || url.pathname.startsWith('/__sim/')) {
      await this.#serveAdmin(req, res, url, rawBody, correlationId);
      return;
    }
    // The clock may have been moved directly (sim.clock.advance): catch up before answering.
    this.tick();
    const body = loggedBody(rawBody);
    const record = this.#requests.push({
      seq: ++this.#seq,
      at: this.clock.now().toISOString(),
      method: req.method ?? '',
      path: target,
      headers: loggableHeaders(req.headers),
      body: body.text,
      bodyBytes: body.bytes,
      bodySha256: body.sha256,
      requestId: firstHeader(req.headers['x-request-id']) ?? null,
      correlationId,
      institutionId: null,
      status: null,
      title: null,
      fault: null,
    });
    const outcome = await handleBankRequest(this.#pipeline, {
      method: req.method ?? '',
      url,
      headers: req.headers,
      rawBody,
      correlationId,
    });
    record.fault = outcome.fault;
    if (outcome.kind === 'dropped') {
      req.socket.destroy();
      return;
    }
    record.status = outcome.response.status;
    record.title = problemTitle(outcome.response);
    record.institutionId = outcome.institutionId;
    writeResponse(res, outcome.response, correlationId);
    outcome.afterResponse();
  }

  async #serveAdmin(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    rawBody: Buffer,
    correlationId: string,
  ) {
    const match = this.#admin.match(req.method ?? '', url.pathname);
    if (match.kind === 'not-found') {
      const detail = `no admin endpoint ${url.pathname}`;
      refuse(res, correlationId, { status: 404, title: TITLES.notFound, detail, instance: url.pathname });
      return;
    }
    if (match.kind === 'method-not-allowed') {
      const detail = `${req.method} is not supported`;
      const refusal = { status: 405, title: TITLES.methodNotAllowed, detail, instance: url.pathname };
      refuse(res, correlationId, refusal, { allow: match.allow.join(', ') });
      return;
    }
    const response = await match.value({
      params: match.params,
      query: url.searchParams,
      rawBody,
      path: url.pathname,
    });
    writeResponse(res, response, correlationId);
  }
}

/** Runs a step of resuming a saved simulator; whatever fails is a ResumeError. */
function resuming<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw new ResumeError(`the saved bank is unreadable: ${(error as Error).message}`, { cause: error });
  }
}

/** Writes a refusal of the server's own (before any route): too large, not a URL, no admin endpoint. */
function refuse(
  res: ServerResponse,
  correlationId: string,
  refusal: Parameters<typeof problemAnswer>[0],
  headers?: Record<string, string>,
): void {
  writeResponse(res, problemAnswer(refusal, headers), correlationId);
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
