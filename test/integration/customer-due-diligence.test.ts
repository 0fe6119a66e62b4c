import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerV2Examples } from '#shared/operations/customers-v2/examples.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * Retail customer due diligence through the sandbox: the onboarding request through the gateway (signed for
 * the bank by the gateway) answers 202 with the bank's `applicationId`, and each outcome's webhook, sent by the
 * simulator after its delay on the sandbox clock, is verified, processed and published once on the local bus:
 * `ApplicationSuccessful`, `ApplicationDeclined`, and `AdditionalInfoRequired` followed, once the customer
 * uploads a driving licence (the simulator's admin route), by `ApplicationSuccessful`.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());

const DELAY = 5_000;
type Event = { detailType: string; detail: { key: string; payload?: Record<string, unknown> } };

const onboard = (surname: string, idvEmailsEnabled?: boolean) =>
  world.gateway('/customer-due-diligence/v1/retail/onboard', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      customerData: {
        ...customerV2Examples.onboardRetailCustomer.body.customerData,
        name: { firstName: 'Ada', surname },
        ...(idvEmailsEnabled !== undefined && { idvEmailsEnabled }),
      },
    }),
  });

async function applied(surname: string, idvEmailsEnabled?: boolean): Promise<string> {
  const response = await onboard(surname, idvEmailsEnabled);
  expect(response.status).toBe(202);
  const { applicationId } = (await response.json()) as { applicationId: string };
  expect(applicationId).toMatch(/^[0-9a-f-]{36}$/);
  return applicationId;
}

/** The application's events on the local bus, in the order published. */
async function eventsOf(applicationId: string): Promise<Event[]> {
  return ((await world.events()) as unknown as Event[]).filter(
    (event) => event.detail.payload?.ApplicationId === applicationId,
  );
}

describe('retail customer due diligence through the gateway', () => {
  it('pass: one ApplicationSuccessful event with the created customer', async () => {
    const applicationId = await applied('pass');
    expect(await eventsOf(applicationId)).toEqual([]);
    await world.simulator.advanceClock(DELAY);
    const events = await eventsOf(applicationId);
    expect(events.map((event) => event.detailType)).toEqual(['RetailCustomer.ApplicationSuccessful']);
    expect(events[0]?.detail).toMatchObject({
      key: `RetailCustomer.ApplicationSuccessful:${applicationId}`,
      payload: { ApplicationId: applicationId, KycStatus: 'Pass', CustomerId: expect.any(String) },
    });
  });

  it('fail: one ApplicationDeclined event', async () => {
    const applicationId = await applied('fail');
    await world.simulator.advanceClock(DELAY);
    const events = await eventsOf(applicationId);
    expect(events.map((event) => event.detailType)).toEqual(['RetailCustomer.ApplicationDeclined']);
    expect(events[0]?.detail.payload).toEqual({ ApplicationId: applicationId, KycStatus: 'Fail' });
  });

  it('info: one AdditionalInfoRequired, then, after a driving licence, one ApplicationSuccessful', async () => {
    const applicationId = await applied('info', false);
    await world.simulator.advanceClock(DELAY);
    const asked = await eventsOf(applicationId);
    expect(asked.map((event) => event.detailType)).toEqual(['RetailCustomer.AdditionalInfoRequired']);
    // The key names the actions, never the upload links (keys are logged).
    expect(asked[0]?.detail.key).toBe(
      `RetailCustomer.AdditionalInfoRequired:${applicationId}:CustomerIdentificationDocumentUpload+CustomerProofOfAddressDocumentUpload`,
    );
    const uploaded = await world.bank(`/__sim/due-diligence/applications/${applicationId}/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ document: 'DrivingLicence' }),
    });
    expect(uploaded.status).toBe(202);
    await world.simulator.advanceClock(DELAY);
    expect((await eventsOf(applicationId)).map((event) => event.detailType)).toEqual([
      'RetailCustomer.AdditionalInfoRequired',
      'RetailCustomer.ApplicationSuccessful',
    ]);
  });

  it('a body the bank refuses is a 400 naming the property, and the bank is never asked', async () => {
    world.simulator.clearRequests();
    const response = await world.gateway('/customer-due-diligence/v1/retail/onboard', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ customerData: { name: { firstName: 'Ada', surname: 'pass' } } }),
    });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(problem.errors).some((member) => member.includes('dateOfBirth'))).toBe(true);
    expect(world.simulator.requests.filter((request) => request.path.includes('due-diligence'))).toEqual([]);
  });
});
