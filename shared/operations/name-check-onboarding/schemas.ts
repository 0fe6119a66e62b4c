import * as z from 'zod/mini';
import { safeSegment } from '../path-params.js';

/**
 * Spec part 1, "Hosted name-check onboarding", and `copaas-v1.json`: the rules of the two onboarding
 * operations. The bank issues a CSR per software statement and certificate type; the institution has it signed
 * in the external directory and uploads the certificate as a PEM with its line breaks removed.
 */

/** The two certificates a hosted name-check participant holds (`certificateType` in both operations). */
export const CERTIFICATE_TYPES = ['Transport', 'Signing'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

export const MESSAGES = {
  certificateType: `certificateType must be one of ${CERTIFICATE_TYPES.join(', ')}.`,
  pem: 'pem must be the signed certificate in PEM form: -----BEGIN CERTIFICATE-----, its base64, -----END CERTIFICATE----- (line breaks removed).',
  kid: 'kid must be text: the key id the directory gave the certificate.',
} as const;

/** One PEM certificate block, its line breaks removed or not (the bank's schema says only "string"). */
export const CERTIFICATE_PEM =
  /^\s*-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----\s*$/;

const certificateType = z.lazy(() => z.enum(CERTIFICATE_TYPES, { error: MESSAGES.certificateType }));

/** `GET /v1/softwarestatements/{softwareStatementId}/csr/{certificateType}`: the reference names only Transport and Signing. */
export const csrPathParams = z.lazy(() =>
  z.strictObject({
    softwareStatementId: safeSegment('softwareStatementId'),
    certificateType,
  }),
);

export const pemPathParams = z.lazy(() =>
  z.strictObject({ softwareStatementId: safeSegment('softwareStatementId') }),
);

/**
 * `CreateCertificateRequest`: `pem`, `kid`, `certificateType`, nothing else. The published schema marks all
 * three nullable, but the bank cannot onboard a certificate it is not given ("Certificate onboarding
 * failed", 500): the gateway requires `pem` as one PEM certificate and `certificateType` as one of the two
 * the reference describes, and leaves `kid` as published.
 */
export const uploadPemBody = z.lazy(() =>
  z.strictObject({
    pem: z.string({ error: MESSAGES.pem }).check(z.regex(CERTIFICATE_PEM, MESSAGES.pem)),
    kid: z.optional(z.nullable(z.string({ error: MESSAGES.kid }))),
    certificateType,
  }),
);
export type UploadPemBody = z.output<typeof uploadPemBody>;

/** The PEM as the spec says to upload it: the same text with every line break removed. */
export function pemWithoutLineBreaks(pem: string): string {
  return pem.replace(/[\r\n]+/g, '');
}
