import type { ExamplesOf } from '../operation.js';
import type * as records from './operations.js';

const softwareStatementId = '5a9b6c1d2e3f4g5h6i7j8k';

/** Example requests of hosted name-check onboarding, for the OpenAPI document. */
export const nameCheckOnboardingExamples = {
  getSoftwareStatementCsr: { pathParams: { softwareStatementId, certificateType: 'Transport' } },
  uploadSoftwareStatementPem: {
    pathParams: { softwareStatementId },
    body: {
      pem: '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n',
      certificateType: 'Transport',
    },
  },
} satisfies ExamplesOf<typeof records>;
