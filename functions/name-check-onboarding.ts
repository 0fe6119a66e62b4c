import { nameCheckOnboardingOperations } from '#shared/operations/name-check-onboarding/operations.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

const dependencies = awsOperationDependencies(nameCheckOnboardingOperations);
await buildAtColdStart(dependencies);

/** Hosted name-check onboarding: fetch a software statement's CSR, upload its signed certificate. */
export const handler = createOperationHandler(nameCheckOnboardingOperations, dependencies);
