import { describe, expect, it } from 'vitest';
import { checkRequest } from '#shared/gateway/request.js';
import {
  getSoftwareStatementCsr,
  uploadSoftwareStatementPem,
} from '#shared/operations/name-check-onboarding/operations.js';
import { MESSAGES, pemWithoutLineBreaks } from '#shared/operations/name-check-onboarding/schemas.js';
import type { Operation } from '#shared/operations/operation.js';

/** The gateway's verdict on a request: `{}` when it may go to the bank, else the `errors` map of the 400. */
function errorsOf(operation: Operation, pathParams: Record<string, string>, body?: unknown) {
  const result = checkRequest(
    operation,
    {
      pathParams,
      query: {},
      body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
      contentType: 'application/json',
      idempotencyKey: 'key-1',
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: new Date('2026-03-02T10:00:00Z') },
  );
  return result.ok ? {} : result.errors;
}

const csr = (certificateType: string, softwareStatementId = '5a9b6c1d2e3f4g5h6i7j8k') =>
  errorsOf(getSoftwareStatementCsr, { softwareStatementId, certificateType });
const upload = (body: unknown, softwareStatementId = '5a9b6c1d2e3f4g5h6i7j8k') =>
  errorsOf(uploadSoftwareStatementPem, { softwareStatementId }, body);

const PEM_LINE = '-----BEGIN CERTIFICATE-----MIIBszCCAVmgAwIBAgIU-----END CERTIFICATE-----';

describe('GET /v1/softwarestatements/{softwareStatementId}/csr/{certificateType}', () => {
  it('takes Transport and Signing as the certificate type', () => {
    expect(csr('Transport')).toEqual({});
    expect(csr('Signing')).toEqual({});
  });

  it('refuses any other certificate type, naming certificateType', () => {
    expect(csr('transport')).toEqual({ certificateType: [MESSAGES.certificateType] });
    expect(csr('Encryption')).toEqual({ certificateType: [MESSAGES.certificateType] });
  });

  it('refuses a software statement id that is not one safe path segment', () => {
    expect(Object.keys(csr('Signing', '..'))).toEqual(['softwareStatementId']);
    expect(Object.keys(csr('Signing', 'a/b'))).toEqual(['softwareStatementId']);
  });
});

describe('POST /v1/softwarestatements/{softwareStatementId}/pem', () => {
  it('takes pem, kid and certificateType as the reference publishes them', () => {
    expect(upload({ pem: PEM_LINE, kid: 'kid-1', certificateType: 'Signing' })).toEqual({});
  });

  it('takes the PEM with its line breaks, and kid null or left out, as the published schema allows', () => {
    const withBreaks = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmg\nAwIBAgIU\n-----END CERTIFICATE-----\n';
    expect(upload({ pem: withBreaks, kid: null, certificateType: 'Transport' })).toEqual({});
    expect(upload({ pem: PEM_LINE, certificateType: 'Transport' })).toEqual({});
  });

  it('requires pem as one PEM certificate and certificateType: the bank cannot onboard without them', () => {
    expect(upload({ kid: 'k' })).toEqual({
      pem: [MESSAGES.pem],
      certificateType: [MESSAGES.certificateType],
    });
    expect(upload({ pem: null, certificateType: null })).toEqual({
      pem: [MESSAGES.pem],
      certificateType: [MESSAGES.certificateType],
    });
    expect(upload({ pem: 'MIIBszCCAVmg', certificateType: 'Signing' })).toEqual({ pem: [MESSAGES.pem] });
    expect(
      upload({
        pem: '-----BEGIN CERTIFICATE REQUEST-----MIIB-----END CERTIFICATE REQUEST-----',
        certificateType: 'Signing',
      }),
    ).toEqual({ pem: [MESSAGES.pem] });
  });

  it('refuses a certificate type other than Signing or Transport', () => {
    expect(upload({ pem: PEM_LINE, certificateType: 'Both' })).toEqual({
      certificateType: [MESSAGES.certificateType],
    });
  });

  it('refuses pem and kid that are not text', () => {
    expect(upload({ pem: 42, kid: ['k'], certificateType: 'Signing' })).toEqual({
      pem: [MESSAGES.pem],
      kid: [MESSAGES.kid],
    });
  });

  it('refuses an unknown member (the published schema has additionalProperties false)', () => {
    const errors = upload({ pem: PEM_LINE, certificateType: 'Signing', certificate: 'x' });
    expect(Object.keys(errors)).toEqual(['certificate']);
  });
});

describe('pemWithoutLineBreaks', () => {
  it('removes every line break, LF or CRLF, and nothing else', () => {
    const pem = '-----BEGIN CERTIFICATE-----\r\nMIIB sz\nCCAV\n-----END CERTIFICATE-----\n';
    expect(pemWithoutLineBreaks(pem)).toBe('-----BEGIN CERTIFICATE-----MIIB szCCAV-----END CERTIFICATE-----');
  });
});
