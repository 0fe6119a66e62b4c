import type { Operation } from '../operation.js';
import { csrPathParams, pemPathParams, uploadPemBody } from './schemas.js';

/** Spec part 1, "Hosted name-check onboarding" (`copaas-v1.json`): fetch a CSR, upload the signed certificate. */
const fn = 'name-check-onboarding';

/**
 * The reference writes the template's last segment `{certificatetype}` and names the parameter
 * `certificateType` (shared/spec/bank-reference.md): the parameter's name wins, the bank's path is the same.
 */
export const getSoftwareStatementCsr = {
  id: 'getSoftwareStatementCsr',
  summary: 'Get a certificate signing request',
  description:
    'Fetches the certificate signing request (CSR) the bank made for a software statement, for its transport or signing certificate.',
  method: 'GET',
  path: '/v1/softwarestatements/{softwareStatementId}/csr/{certificateType}' as const,
  pathParams: csrPathParams,
  fn,
} satisfies Operation;

export const uploadSoftwareStatementPem = {
  id: 'uploadSoftwareStatementPem',
  summary: 'Upload a software statement certificate',
  description:
    'Uploads the transport or signing certificate (PEM) issued for the CSR of a software statement.',
  method: 'POST',
  path: '/v1/softwarestatements/{softwareStatementId}/pem' as const,
  pathParams: pemPathParams,
  fn,
  body: uploadPemBody,
} satisfies Operation;

export const nameCheckOnboardingOperations = [getSoftwareStatementCsr, uploadSoftwareStatementPem] as const;
