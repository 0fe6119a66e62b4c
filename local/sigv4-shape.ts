import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the sandbox can check of a SigV4 `Authorization` header without the caller's secret key: its shape,
 * as API Gateway's IAM authoriser reads it (algorithm, credential scope for `execute-api`, signed headers
 * with `host` and `x-amz-date`, a 64-hex signature, an `X-Amz-Date` header of the scope's day). Undefined
 * when it holds; otherwise what is wrong, in one sentence.
 */
export function sigV4ShapeProblem(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization ?? '';
  if (!authorization.startsWith('AWS4-HMAC-SHA256 '))
    return 'Authorization must use the AWS4-HMAC-SHA256 algorithm.';
  const parts = new Map(
    authorization
      .slice('AWS4-HMAC-SHA256 '.length)
      .split(',')
      .map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
      }),
  );
  const scope = /^[^/\s]+\/(\d{8})\/[a-z0-9-]+\/execute-api\/aws4_request$/.exec(
    parts.get('Credential') ?? '',
  );
  if (!scope)
    return 'Authorization Credential must be <access key>/<yyyymmdd>/<region>/execute-api/aws4_request.';
  const signed = (parts.get('SignedHeaders') ?? '').split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date'))
    return 'Authorization SignedHeaders must include host and x-amz-date.';
  if (!/^[0-9a-f]{64}$/.test(parts.get('Signature') ?? ''))
    return 'Authorization Signature must be 64 hexadecimal digits.';
  const date = headers['x-amz-date'];
  if (typeof date !== 'string' || !/^\d{8}T\d{6}Z$/.test(date))
    return 'X-Amz-Date must be given as yyyymmddThhmmssZ with a signed request.';
  if (date.slice(0, 8) !== scope[1]) return "X-Amz-Date must be on the Credential scope's day.";
  return undefined;
}
