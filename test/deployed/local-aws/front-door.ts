import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '#sim/core/read-body.js';
import { type Account, authorize, type Identity } from './iam.js';
import {
  jsonError,
  jsonErrorOf,
  Refusal,
  type Reply,
  type Service,
  type ServiceRequest,
  unimplemented,
} from './service.js';
import { s3Error } from './s3.js';

/** One AWS call a function made, with the IAM decision on it. */
export interface AwsCall {
  /** The function's name (its principal's `name`). */
  readonly caller: string;
  /** The SigV4 signing name: `kms`, `dynamodb`, `s3`... */
  readonly service: string;
  /** The IAM action, `kms:Sign`. */
  readonly action: string;
  readonly resource: string;
  readonly allowed: boolean;
  readonly reason?: string;
}

export interface FrontDoor {
  readonly endpoint: string;
  close(): Promise<void>;
}

/** `Credential=<access key id>/<date>/<region>/<service>/aws4_request` of a SigV4 Authorization header. */
const CREDENTIAL = /Credential=([^/\s]+)\/\d{8}\/[^/\s]+\/([^/\s]+)\/aws4_request/;

/**
 * The one endpoint every function's SDK talks to: it names the caller from the SigV4 credential (the
 * signature itself is not checked), lets the service named in the credential scope say what the call is,
 * asks IAM, records the decision, and answers as the service would.
 */
export async function startFrontDoor(options: {
  account: Account;
  /** Callers by access key id. */
  identities: ReadonlyMap<string, Identity>;
  /** Services by SigV4 signing name. */
  services: Readonly<Record<string, Service>>;
  record(call: AwsCall): void;
}): Promise<FrontDoor> {
  const answer = async (incoming: IncomingMessage): Promise<Reply> => {
    const request: ServiceRequest = {
      method: incoming.method ?? 'GET',
      url: incoming.url ?? '/',
      headers: incoming.headers,
      // No limit of its own: the calls come from the bundles under test, each service's limits are not modelled.
      body: (await readBody(incoming, Number.POSITIVE_INFINITY)) as Buffer,
    };
    const [, accessKeyId, signingName = ''] = CREDENTIAL.exec(request.headers.authorization ?? '') ?? [];
    const identity = accessKeyId === undefined ? undefined : options.identities.get(accessKeyId);
    const record = (call: Omit<AwsCall, 'caller' | 'service'>) =>
      options.record({
        caller: identity?.name ?? accessKeyId ?? '(unsigned)',
        service: signingName,
        ...call,
      });
    if (identity === undefined) {
      const reason =
        accessKeyId === undefined
          ? 'the request carries no SigV4 Authorization header'
          : `the local cloud knows no access key id ${accessKeyId}`;
      record({ action: describe(request, signingName), resource: '', allowed: false, reason });
      return signingName === 's3'
        ? s3Error(403, 'InvalidAccessKeyId', reason)
        : jsonError('UnrecognizedClientException', reason, 403);
    }
    const service = options.services[signingName];
    try {
      if (service === undefined)
        throw unimplemented(describe(request, signingName), jsonErrorOf('UnknownOperationException'));
      const call = service.understand(request);
      let denial: string | undefined;
      for (const authorization of call.authorizations) {
        const decision = await authorize(identity, authorization, options.account);
        record({ action: authorization.action, resource: authorization.resource, ...decision });
        denial ??= decision.reason;
      }
      return denial === undefined ? await call.perform() : service.accessDenied(denial);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      record({ action: error.action, resource: '', allowed: false, reason: error.message });
      return error.reply;
    }
  };

  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    answer(incoming).then(
      (reply) => send(response, reply),
      (error: unknown) => send(response, jsonError('InternalFailure', `local cloud: ${String(error)}`, 500)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a request asks for when no service understands it: `<service>:<X-Amz-Target operation>` or method and path. */
function describe(request: ServiceRequest, signingName: string): string {
  const target = request.headers['x-amz-target'];
  const operation =
    typeof target === 'string' ? target.split('.').at(-1) : `${request.method} ${request.url.split('?')[0]}`;
  return `${signingName || '(unknown service)'}:${operation}`;
}

function send(response: ServerResponse, reply: Reply): void {
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
  // A forwarded answer to HEAD keeps the object's length; every other answer is measured here.
  response.writeHead(reply.status, { 'content-length': String(body.length), ...reply.headers });
  response.end(body);
}
