import { forward } from './forward.js';
import type { Account } from './iam.js';
import { type Reply, type Service, unimplemented } from './service.js';

export interface BucketDefinition {
  readonly name: string;
  readonly policy?: unknown;
}

/** S3's error document (REST-XML): the SDK names the error after `Code`. */
export function s3Error(status: number, code: string, message: string): Reply {
  const escaped = message.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return {
    status,
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escaped}</Message></Error>`,
  };
}

/** The object's IAM action, for the requests on one object the local cloud serves. */
const ACTIONS: Record<string, string> = { PUT: 's3:PutObject', GET: 's3:GetObject', HEAD: 's3:GetObject' };

/**
 * S3 in path style (`/<bucket>/<key>`, what the SDK sends to an IP address endpoint): putting and getting
 * whole objects, passed to fauxqs. A sub-resource (`?tagging`, `?uploads`...) or a copy is refused.
 */
export function s3Service(
  fauxqsEndpoint: string,
  buckets: readonly BucketDefinition[],
  account: Account,
): Service {
  const policies = new Map(buckets.map((bucket) => [bucket.name, bucket.policy]));
  return {
    understand: (request) => {
      const url = new URL(request.url, 'http://local');
      const [, bucket = '', ...keyParts] = url.pathname.split('/');
      const key = decodeURIComponent(keyParts.join('/'));
      const subresources = [...url.searchParams.keys()].filter((name) => name !== 'x-id');
      const action = ACTIONS[request.method];
      if (
        action === undefined ||
        bucket === '' ||
        key === '' ||
        subresources.length > 0 ||
        request.headers['x-amz-copy-source'] !== undefined
      ) {
        const query = subresources.length > 0 ? `?${subresources.join('&')}` : '';
        throw unimplemented(`s3:${request.method} ${url.pathname}${query}`, (message) =>
          s3Error(400, 'NotImplemented', message),
        );
      }
      return {
        authorizations: [
          {
            action,
            resource: `arn:${account.partition}:s3:::${bucket}/${key}`,
            resourcePolicy: policies.get(bucket),
          },
        ],
        perform: () => forward(fauxqsEndpoint, request),
      };
    },
    accessDenied: (message) => s3Error(403, 'AccessDenied', message),
  };
}
