import { nameCheckOnboardingOperations } from '#shared/operations/name-check-onboarding/operations.js';
import { awsForwardDependencies } from '#shared/runtime/root-operation-functions.js';
import { createOperationHandler } from './http/operation-handler.js';

/** Hosted name-check onboarding: fetch a software statement's CSR, upload its signed certificate. */
export const handler = createOperationHandler(nameCheckOnboardingOperations, awsForwardDependencies);
