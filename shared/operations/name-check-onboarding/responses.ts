import * as z from 'zod/mini';

/**
 * The bank's documented success answers of hosted name-check onboarding (`copaas-v1.json`), keyed by
 * operation id. The CSR comes as the PEM text itself, line breaks kept (the reference: "save the response in a
 * .csr file (make sure the line breaks are retained)"); the upload answers 200 with no body.
 */
export const PKCS10_PEM =
  /^-----BEGIN CERTIFICATE REQUEST-----\r?\n(?:[A-Za-z0-9+/=]{1,76}\r?\n)+-----END CERTIFICATE REQUEST-----\r?\n?$/;

export const nameCheckOnboardingResponses = {
  getSoftwareStatementCsr: z
    .string()
    .check(z.regex(PKCS10_PEM, 'a PKCS #10 CSR in PEM form, line breaks kept')),
  uploadSoftwareStatementPem: z.literal(''),
} as const;
