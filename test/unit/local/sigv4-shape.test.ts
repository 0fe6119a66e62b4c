import { describe, expect, it } from 'vitest';
import { sigV4ShapeProblem } from '#local/sigv4-shape.js';

const signature = 'a'.repeat(64);
const valid = {
  authorization: `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20260302/eu-west-2/execute-api/aws4_request, SignedHeaders=host;x-amz-date, Signature=${signature}`,
  'x-amz-date': '20260302T100000Z',
};

describe('the sandbox judges the shape of a SigV4 Authorization header', () => {
  it('accepts the shape the AWS SDK signs', () => {
    expect(sigV4ShapeProblem(valid)).toBeUndefined();
  });

  it.each([
    ['another algorithm', { authorization: 'Bearer token' }, /AWS4-HMAC-SHA256/],
    ['another service', { authorization: valid.authorization.replace('execute-api', 's3') }, /Credential/],
    ['host unsigned', { authorization: valid.authorization.replace('host;', '') }, /host and x-amz-date/],
    ['a short signature', { authorization: valid.authorization.replace(signature, 'abc') }, /64 hexadecimal/],
    ['no X-Amz-Date', { 'x-amz-date': undefined }, /X-Amz-Date must be given/],
    ['another day', { 'x-amz-date': '20260303T000000Z' }, /scope's day/],
  ])('names what is wrong: %s', (_, change, message) => {
    expect(sigV4ShapeProblem({ ...valid, ...change })).toMatch(message);
  });
});
