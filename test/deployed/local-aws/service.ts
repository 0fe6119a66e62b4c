import type { IncomingHttpHeaders } from 'node:http';

/** One request as the front door received it, its caller already identified. */
export interface ServiceRequest {
  readonly method: string;
  /** Path and query. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer | string;
}

/** One IAM decision a call needs: the action on one resource, with the request's service context keys. */
export interface Authorization {
  readonly action: string;
  readonly resource: string;
  readonly context?: Record<string, string | string[]>;
  /** The resource's own policy (KMS key policy, queue policy, bucket policy), if it has one. */
  readonly resourcePolicy?: unknown;
}

/** A call a service understood: what must be allowed first, then how to answer it. */
export interface ServiceCall {
  readonly authorizations: readonly Authorization[];
  perform(): Promise<Reply> | Reply;
}

export interface Service {
  /** The call the request makes; throws `Refusal` for what the local cloud does not do. */
  understand(request: ServiceRequest): ServiceCall;
  /** AWS's answer to a denied call, in the service's protocol. */
  accessDenied(message: string): Reply;
}

/** A request answered before any IAM decision: an action the local cloud does not implement, bad input. */
export class Refusal extends Error {
  readonly reply: Reply;

  constructor(
    readonly action: string,
    message: string,
    /** The service's error carrying the message. */
    reply: (message: string) => Reply,
  ) {
    super(message);
    this.reply = reply(message);
  }
}

const JSON_TYPE = 'application/x-amz-json-1.1';

export function jsonReply(body: unknown): Reply {
  return { status: 200, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body) };
}

/** An error of a JSON protocol service: the SDK names the error after `__type`. */
export function jsonError(type: string, message: string, status = 400): Reply {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, 'x-amzn-errortype': type },
    body: JSON.stringify({ __type: type, message }),
  };
}

export function unimplemented(action: string, reply: (message: string) => Reply): Refusal {
  return new Refusal(action, `the local cloud does not implement ${action}`, reply);
}

/** An error reply of a JSON protocol service, of one type. */
export const jsonErrorOf =
  (type: string) =>
  (message: string): Reply =>
    jsonError(type, message);

/** One operation of a JSON protocol service: its input, the request, and the IAM action it is (`sqs:SendMessage`). */
type JsonOperation = (input: Record<string, unknown>, request: ServiceRequest, action: string) => ServiceCall;

/**
 * A service on a JSON protocol (`X-Amz-Target: <prefix>.<Operation>`): the operation picks the handler;
 * an operation without one is refused naming it.
 */
export function jsonService(
  iamPrefix: string,
  operations: Record<string, JsonOperation>,
  accessDenied: (message: string) => Reply = (message) => jsonError('AccessDeniedException', message),
): Service {
  return {
    understand: (request) => {
      const operation = String(request.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
      const handler = operations[operation];
      const action = `${iamPrefix}:${operation}`;
      if (handler === undefined) throw unimplemented(action, jsonErrorOf('UnknownOperationException'));
      return handler(parseJsonBody(request.body, action), request, action);
    },
    accessDenied,
  };
}

/** The same handler for each of these operations (those passed on to an emulator). */
export function eachOperation(
  names: readonly string[],
  handler: JsonOperation,
): Record<string, JsonOperation> {
  return Object.fromEntries(names.map((name) => [name, handler]));
}

function parseJsonBody(body: Buffer, action: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body.length === 0 ? '{}' : body.toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new Refusal(action, 'the request body is not a JSON object', jsonErrorOf('SerializationException'));
}

/** A required string member of a JSON request, or a ValidationException naming it. */
export function requiredString(input: Record<string, unknown>, name: string, action: string): string {
  const value = input[name];
  if (typeof value === 'string' && value !== '') return value;
  throw new Refusal(action, `${name} is required`, jsonErrorOf('ValidationException'));
}
