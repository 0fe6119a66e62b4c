import { fromFauxqsArns, type LocalFauxqs, type QueueDefinition } from './fauxqs.js';
import { forward } from './forward.js';
import type { Account } from './iam.js';
import {
  eachOperation,
  jsonError,
  jsonService,
  requiredString,
  type Reply,
  type Service,
} from './service.js';

/** The operations on one queue (`QueueUrl`) a function or the Lambda service makes. */
const OPERATIONS = [
  'SendMessage',
  'SendMessageBatch',
  'ReceiveMessage',
  'DeleteMessage',
  'DeleteMessageBatch',
  'ChangeMessageVisibility',
  'ChangeMessageVisibilityBatch',
  'GetQueueAttributes',
];

/**
 * SQS on its JSON protocol. A QueueUrl names the queue by its path, `/<account>/<name>` (AWS's
 * `https://sqs.<region>.amazonaws.com/<account>/<name>` or the local endpoint's), and is rewritten to
 * fauxqs's URL of that queue before the call goes on; ARNs in answers are put back in the local account.
 */
export function sqsService(
  fauxqs: LocalFauxqs,
  queues: readonly QueueDefinition[],
  account: Account,
): Service {
  const policies = new Map(queues.map((queue) => [queue.name, queue.policy]));
  return jsonService(
    'sqs',
    eachOperation(OPERATIONS, (input, request, action) => {
      const queueUrl = requiredString(input, 'QueueUrl', action);
      const [name = '', owner = ''] = new URL(queueUrl, 'https://invalid').pathname.split('/').reverse();
      // An unknown queue goes on as it came: fauxqs answers QueueDoesNotExist, as SQS would.
      const known = owner === account.account && policies.has(name);
      return {
        authorizations: [
          {
            action,
            resource: `arn:${account.partition}:sqs:${account.region}:${owner}:${name}`,
            resourcePolicy: known ? policies.get(name) : undefined,
          },
        ],
        perform: async () => {
          const body = JSON.stringify({ ...input, QueueUrl: known ? fauxqs.queueUrl(name) : queueUrl });
          const reply = await forward(fauxqs.endpoint, request, body);
          return action === 'sqs:GetQueueAttributes'
            ? { ...reply, body: fromFauxqsArns(reply.body.toString(), account) }
            : reply;
        },
      };
    }),
    accessDenied,
  );
}

/**
 * SQS answers a denied call with 403, coral's AccessDeniedException and the query protocol's code in
 * `x-amzn-query-error`; the SDK (query compatible) takes the header's code: the error's name is
 * `AccessDenied`, on AWS as here.
 */
function accessDenied(message: string): Reply {
  const reply = jsonError('com.amazon.coral.service#AccessDeniedException', message, 403);
  return { ...reply, headers: { ...reply.headers, 'x-amzn-query-error': 'AccessDenied;Sender' } };
}
