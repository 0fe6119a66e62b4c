import { randomUUID } from 'node:crypto';
import { emitterFor } from '#sim/core/product.js';
import { defineState, type SimState } from '#sim/core/state.js';
import { defineTask } from '#sim/core/tasks.js';
import type { SimHost } from '#sim/core/types.js';
import { createRetailCustomerInGraph } from '../customers-v2/graph.js';
import { retailCustomerDetails, type OnboardingCustomerData } from './customer.js';

/**
 * The simulated KYC service (`know-your-customer.mdx`): an application per `POST
 * /customer-due-diligence/v1/retail/onboard`, checked after `decisionDelayMs` on the simulated clock. The
 * outcome is the simulation environment's, by `customerData.name.surname` (any case): `pass` succeeds (the
 * customer is created in the v2 graph), `fail` is declined, `info` asks for documents (the
 * `AdditionalInfoRequired` webhook when `idvEmailsEnabled` is false; the bank's email, so no webhook,
 * otherwise). Any other surname is a real customer the bank's checks pass. Documents are uploaded through
 * `/__sim/due-diligence/applications/{id}/uploads` (the customer's side), and reviewed after the same delay:
 * a driving licence, or a passport and a proof of address, pass; a passport alone asks for proof of address.
 * Plain data only (the sandbox saves it); the checks are named tasks, so a restarted simulator finishes them.
 */

export const DOCUMENTS = ['Passport', 'DrivingLicence', 'ProofOfAddress'] as const;
export type KycDocument = (typeof DOCUMENTS)[number];

/** What the surname asks the simulation environment for. */
export type Scenario = 'pass' | 'fail' | 'info';

/**
 * `Checking`: the first check or a review of uploads is due on the clock; `AwaitingDocuments`: the customer
 * was asked (by webhook or email) and has not uploaded enough; then `Successful` or `Declined`, final.
 */
export type ApplicationStatus = 'Checking' | 'AwaitingDocuments' | 'Successful' | 'Declined';

export const REQUIRED_ACTIONS = {
  identification: 'CustomerIdentificationDocumentUpload',
  proofOfAddress: 'CustomerProofOfAddressDocumentUpload',
} as const;
export type RequiredAction = (typeof REQUIRED_ACTIONS)[keyof typeof REQUIRED_ACTIONS];

export interface Application {
  /** The 202's `applicationId`, the webhooks' `ApplicationId`. */
  id: string;
  institutionId: string;
  receivedAt: string;
  scenario: Scenario;
  /** The request's `idvEmailsEnabled` (default true): the customer is asked by email, not by webhook. */
  idvEmailsEnabled: boolean;
  status: ApplicationStatus;
  /** The request's `customerData`, kept to create the customer once the checks pass. */
  customerData: OnboardingCustomerData;
  /** What the last request for information asked for (empty until one is made). */
  requiredActions: RequiredAction[];
  /** Documents uploaded so far, in order. */
  uploads: { document: KycDocument; at: string }[];
  /** The created customer, once `Successful`. */
  customerId?: string;
  decidedAt?: string;
}

export interface DueDiligence {
  config: { decisionDelayMs: number };
  applications: Map<string, Application>;
}

export const DEFAULT_DECISION_DELAY_MS = 5000;

export const dueDiligence = defineState<DueDiligence>('customer-due-diligence', () => ({
  config: { decisionDelayMs: DEFAULT_DECISION_DELAY_MS },
  applications: new Map(),
}));

/** The simulation page's surnames; any other one is a customer the checks pass. */
export function scenarioOf(surname: string): Scenario {
  const value = surname.trim().toLowerCase();
  return value === 'fail' || value === 'info' ? value : 'pass';
}

/** A new application, its first check scheduled after the delay. */
export function apply(
  host: Pick<SimHost, 'state' | 'schedule'>,
  institutionId: string,
  customerData: OnboardingCustomerData,
  now: Date,
): Application {
  const { config, applications } = host.state.get(dueDiligence);
  const application: Application = {
    id: randomUUID(),
    institutionId,
    receivedAt: now.toISOString(),
    scenario: scenarioOf(customerData.name.surname),
    idvEmailsEnabled: customerData.idvEmailsEnabled ?? true,
    status: 'Checking',
    customerData,
    requiredActions: [],
    uploads: [],
  };
  applications.set(application.id, application);
  host.schedule(
    new Date(now.getTime() + config.decisionDelayMs),
    `due diligence check ${application.id}`,
    firstCheck,
    application,
  );
  return application;
}

export function applicationOf(state: SimState, applicationId: string): Application | undefined {
  return state.get(dueDiligence).applications.get(applicationId);
}

function check(host: SimHost, application: Application): void {
  if (application.status !== 'Checking') return;
  if (application.scenario === 'fail') return decline(host, application);
  if (application.scenario === 'info')
    return askFor(host, application, [REQUIRED_ACTIONS.identification, REQUIRED_ACTIONS.proofOfAddress]);
  succeed(host, application);
}

const firstCheck = defineTask('due diligence check', check);

/** The outcome of an upload: `Checking` until the review after the delay; refused once decided. */
export type UploadOutcome =
  { kind: 'accepted'; application: Application } | { kind: 'decided' } | { kind: 'not-asked' };

/** The customer uploads a document; the review of what they have uploaded is due after the delay. */
export function upload(host: SimHost, application: Application, document: KycDocument): UploadOutcome {
  if (application.status === 'Successful' || application.status === 'Declined') return { kind: 'decided' };
  if (application.requiredActions.length === 0) return { kind: 'not-asked' };
  const now = host.clock.now();
  application.uploads.push({ document, at: now.toISOString() });
  if (application.status === 'AwaitingDocuments') {
    application.status = 'Checking';
    const { decisionDelayMs } = host.state.get(dueDiligence).config;
    host.schedule(
      new Date(now.getTime() + decisionDelayMs),
      `due diligence review ${application.id}`,
      documentReview,
      application,
    );
  }
  return { kind: 'accepted', application };
}

/** The uploads so far: a driving licence proves both; a passport proves identity only. */
function review(host: SimHost, application: Application): void {
  if (application.status !== 'Checking') return;
  const uploaded = new Set(application.uploads.map((entry) => entry.document));
  const identified = uploaded.has('DrivingLicence') || uploaded.has('Passport');
  const addressed = uploaded.has('DrivingLicence') || uploaded.has('ProofOfAddress');
  if (identified && addressed) return succeed(host, application);
  askFor(host, application, [
    ...(identified ? [] : [REQUIRED_ACTIONS.identification]),
    ...(addressed ? [] : [REQUIRED_ACTIONS.proofOfAddress]),
  ]);
}

const documentReview = defineTask('due diligence review', review);

function askFor(host: SimHost, application: Application, actions: RequiredAction[]): void {
  application.status = 'AwaitingDocuments';
  application.requiredActions = actions;
  // With emails enabled the bank writes to the customer itself: the institution hears nothing until the end.
  if (application.idvEmailsEnabled) return;
  emitterFor(host, application.institutionId)('RetailCustomer.AdditionalInfoRequired', 1, {
    ApplicationId: application.id,
    KycStatus: 'Pending',
    RequiredActions: actions.map((action) => ({ action, url: uploadUrl() })),
  });
}

/** A unique link per action, as the page's example gives one (`https://kycchecker.com/?sessionId=123`). */
function uploadUrl(): string {
  return `https://idv.bank-sim.invalid/upload?sessionId=${randomUUID()}`;
}

function succeed(host: SimHost, application: Application): void {
  const now = host.clock.now();
  const customerId = createRetailCustomerInGraph(
    host.state,
    application.institutionId,
    retailCustomerDetails(application.customerData),
    now,
  );
  application.status = 'Successful';
  application.customerId = customerId;
  application.decidedAt = now.toISOString();
  emitterFor(host, application.institutionId)('RetailCustomer.ApplicationSuccessful', 1, {
    ApplicationId: application.id,
    CustomerId: customerId,
    KycStatus: 'Pass',
  });
}

function decline(host: SimHost, application: Application): void {
  application.status = 'Declined';
  application.decidedAt = host.clock.now().toISOString();
  emitterFor(host, application.institutionId)('RetailCustomer.ApplicationDeclined', 1, {
    ApplicationId: application.id,
    KycStatus: 'Fail',
  });
}

/** An application as the admin endpoints show it: no personal data (the customer's details stay inside). */
export function applicationView(application: Application) {
  return {
    id: application.id,
    institutionId: application.institutionId,
    receivedAt: application.receivedAt,
    scenario: application.scenario,
    idvEmailsEnabled: application.idvEmailsEnabled,
    status: application.status,
    requiredActions: application.requiredActions,
    uploads: application.uploads,
    ...(application.customerId !== undefined && { customerId: application.customerId }),
    ...(application.decidedAt !== undefined && { decidedAt: application.decidedAt }),
  };
}
