import { afterEach, describe, expect, it } from 'vitest';
import { customerV2Examples } from '#shared/operations/customers-v2/examples.js';
import type { BankSimulator } from '#sim/simulator.js';
import { admin, call, resumableSimulators } from './helpers.js';

/**
 * The simulated KYC service (`products/customer-due-diligence/`): the onboarding request answers 202 with its
 * `applicationId`, and the outcome the simulation page names by surname follows after the delay on the
 * simulated clock: `pass` creates the customer, `fail` declines, `info` asks for documents (by webhook only
 * when `idvEmailsEnabled` is false) until the customer's uploads satisfy it. A snapshot taken while a check is
 * pending finishes it in the simulator started again.
 */
const PATH = '/customer-due-diligence/v1/retail/onboard';
const DELAY = 5_000;
const sims = resumableSimulators();
afterEach(() => sims.close());
const started = sims.start;

/** The registry's example with the surname that picks the simulated outcome. */
function customerData(surname: string, idvEmailsEnabled?: boolean) {
  return {
    customerData: {
      ...customerV2Examples.onboardRetailCustomer.body.customerData,
      name: { firstName: 'Ada', surname },
      ...(idvEmailsEnabled !== undefined && { idvEmailsEnabled }),
    },
  };
}

async function onboard(sim: BankSimulator, surname: string, idvEmailsEnabled?: boolean): Promise<string> {
  const response = await call(sim, 'POST', PATH, {
    body: JSON.stringify(customerData(surname, idvEmailsEnabled)),
  });
  expect(response.status).toBe(202);
  const body = (await response.json()) as { applicationId: string };
  expect(Object.keys(body)).toEqual(['applicationId']);
  return body.applicationId;
}

type Webhook = { Type: string; Version: number; Payload: Record<string, unknown> };
async function taken(sim: BankSimulator): Promise<Webhook[]> {
  await sim.idle();
  return sims.received().map((webhook) => JSON.parse(webhook.body) as Webhook);
}

const uploadDocument = (sim: BankSimulator, applicationId: string, document: string) =>
  admin(sim, 'POST', `/__sim/due-diligence/applications/${applicationId}/uploads`, { document });

async function expectCustomer(sim: BankSimulator, customerId: unknown): Promise<void> {
  const read = await call(sim, 'GET', `/customers/v2/customers/${String(customerId)}`);
  expect(read.status).toBe(200);
}

describe('retail customer due diligence in the simulator', () => {
  it('pass: ApplicationSuccessful after the delay, the customer created in the v2 graph', async () => {
    const sim = await started();
    const applicationId = await onboard(sim, 'pass');
    await sim.advanceClock(DELAY - 1);
    expect(await taken(sim)).toEqual([]);
    await sim.advanceClock(1);
    const [webhook, ...more] = await taken(sim);
    expect(more).toEqual([]);
    expect(webhook).toMatchObject({
      Type: 'RetailCustomer.ApplicationSuccessful',
      Version: 1,
      Payload: { ApplicationId: applicationId, KycStatus: 'Pass' },
    });
    expect(webhook?.Payload.CustomerId).toMatch(/^[0-9a-f-]{36}$/);
    await expectCustomer(sim, webhook?.Payload.CustomerId);
  });

  it('fail: ApplicationDeclined, no customer', async () => {
    const sim = await started();
    const applicationId = await onboard(sim, 'FAIL');
    await sim.advanceClock(DELAY);
    expect(await taken(sim)).toEqual([
      expect.objectContaining({
        Type: 'RetailCustomer.ApplicationDeclined',
        Payload: { ApplicationId: applicationId, KycStatus: 'Fail' },
      }),
    ]);
    const view = await (await admin(sim, 'GET', `/__sim/due-diligence/applications/${applicationId}`)).json();
    expect(view).toMatchObject({ status: 'Declined' });
    expect(view).not.toHaveProperty('customerId');
    expect((await uploadDocument(sim, applicationId, 'DrivingLicence')).status).toBe(409);
  });

  it('another surname is a customer the checks pass', async () => {
    const sim = await started();
    await onboard(sim, "O'Brien-Smith");
    await sim.advanceClock(DELAY);
    expect((await taken(sim)).map((webhook) => webhook.Type)).toEqual([
      'RetailCustomer.ApplicationSuccessful',
    ]);
  });

  it('info with emails off: AdditionalInfoRequired for both documents; a driving licence passes', async () => {
    const sim = await started();
    const applicationId = await onboard(sim, 'info', false);
    // Nothing asked yet: an upload before the check is refused.
    expect((await uploadDocument(sim, applicationId, 'Passport')).status).toBe(409);
    await sim.advanceClock(DELAY);
    const [asked] = await taken(sim);
    expect(asked).toMatchObject({
      Type: 'RetailCustomer.AdditionalInfoRequired',
      Version: 1,
      Payload: {
        ApplicationId: applicationId,
        KycStatus: 'Pending',
        RequiredActions: [
          { action: 'CustomerIdentificationDocumentUpload', url: expect.stringMatching(/^https:\/\//) },
          { action: 'CustomerProofOfAddressDocumentUpload', url: expect.stringMatching(/^https:\/\//) },
        ],
      },
    });
    const uploaded = await uploadDocument(sim, applicationId, 'DrivingLicence');
    expect(uploaded.status).toBe(202);
    expect(await uploaded.json()).toMatchObject({
      status: 'Checking',
      uploads: [{ document: 'DrivingLicence' }],
    });
    await sim.advanceClock(DELAY);
    const [passed, ...more] = await taken(sim);
    expect(more).toEqual([]);
    expect(passed).toMatchObject({
      Type: 'RetailCustomer.ApplicationSuccessful',
      Payload: { ApplicationId: applicationId, KycStatus: 'Pass' },
    });
    await expectCustomer(sim, passed?.Payload.CustomerId);
  });

  it('a passport alone asks again for proof of address; with it the application passes', async () => {
    const sim = await started();
    const applicationId = await onboard(sim, 'info', false);
    await sim.advanceClock(DELAY);
    await taken(sim);
    expect((await uploadDocument(sim, applicationId, 'Passport')).status).toBe(202);
    await sim.advanceClock(DELAY);
    const [again] = await taken(sim);
    expect(again).toMatchObject({
      Type: 'RetailCustomer.AdditionalInfoRequired',
      Payload: {
        ApplicationId: applicationId,
        RequiredActions: [{ action: 'CustomerProofOfAddressDocumentUpload' }],
      },
    });
    expect((again?.Payload.RequiredActions as unknown[]).length).toBe(1);
    expect((await uploadDocument(sim, applicationId, 'ProofOfAddress')).status).toBe(202);
    await sim.advanceClock(DELAY);
    expect((await taken(sim)).map((webhook) => webhook.Type)).toEqual([
      'RetailCustomer.ApplicationSuccessful',
    ]);
    expect((await uploadDocument(sim, applicationId, 'Passport')).status).toBe(409);
  });

  it('info with emails on (the default): no webhook until the uploads decide it', async () => {
    const sim = await started();
    const applicationId = await onboard(sim, 'info');
    await sim.advanceClock(DELAY);
    expect(await taken(sim)).toEqual([]);
    expect(
      await (await admin(sim, 'GET', `/__sim/due-diligence/applications/${applicationId}`)).json(),
    ).toMatchObject({
      status: 'AwaitingDocuments',
      idvEmailsEnabled: true,
    });
    expect((await uploadDocument(sim, applicationId, 'DrivingLicence')).status).toBe(202);
    await sim.advanceClock(DELAY);
    expect((await taken(sim)).map((webhook) => webhook.Type)).toEqual([
      'RetailCustomer.ApplicationSuccessful',
    ]);
  });

  it('admin: an unknown application is 404, an unknown document 400; the list shows no personal data', async () => {
    const sim = await started();
    const applicationId = await onboard(sim, 'info', false);
    expect((await uploadDocument(sim, '00000000-0000-4000-8000-000000000000', 'Passport')).status).toBe(404);
    expect((await uploadDocument(sim, applicationId, 'Selfie')).status).toBe(400);
    const listed = await (await admin(sim, 'GET', '/__sim/due-diligence')).text();
    expect(listed).toContain(applicationId);
    expect(listed).not.toContain('AB123456C');
    expect(listed).not.toContain('Example Street');
    expect(
      (await admin(sim, 'PATCH', '/__sim/due-diligence/config', { decisionDelayMs: 60_000 })).status,
    ).toBe(200);
  });

  it('a check and a review pending at a snapshot finish in the simulator started again from it', async () => {
    const first = await started();
    const pending = await onboard(first, 'pass');
    const asking = await onboard(first, 'info', false);
    await first.advanceClock(DELAY - 1);
    await taken(first);
    const saved = JSON.parse(JSON.stringify(first.snapshot())) as unknown[];
    await sims.stop(first);

    const second = await started(saved, first.clock.now().toISOString());
    expect(
      second
        .scheduled()
        .map((task) => task.label)
        .sort(),
    ).toEqual([`due diligence check ${asking}`, `due diligence check ${pending}`].sort());
    await second.advanceClock(1);
    const webhooks = await taken(second);
    expect(webhooks.map((webhook) => [webhook.Type, webhook.Payload.ApplicationId]).sort()).toEqual(
      [
        ['RetailCustomer.AdditionalInfoRequired', asking],
        ['RetailCustomer.ApplicationSuccessful', pending],
      ].sort(),
    );
    // The review of an upload is a task too.
    expect((await uploadDocument(second, asking, 'DrivingLicence')).status).toBe(202);
    const again = JSON.parse(JSON.stringify(second.snapshot())) as unknown[];
    const third = await started(again, second.clock.now().toISOString());
    expect(third.scheduled().map((task) => task.label)).toEqual([`due diligence review ${asking}`]);
    await third.advanceClock(DELAY);
    const [passed] = await taken(third);
    expect(passed).toMatchObject({
      Type: 'RetailCustomer.ApplicationSuccessful',
      Payload: { ApplicationId: asking },
    });
    await expectCustomer(third, passed?.Payload.CustomerId);
  });
});
