import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerV2Responses as answers } from '#shared/operations/customers-v2/responses.js';
import { type ContractWorld, expectAnswer, startContractWorld, takeWebhooks } from './harness.js';

/**
 * The simulator's retail due diligence against the bank's documents: the onboarding answers 202 as
 * `know-your-customer-v1.json` says, and every webhook of each outcome (pass, fail, info then an upload)
 * matches its page (`takeWebhooks` holds each to its payload schema).
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const onboard = (surname: string) =>
  expectAnswer(
    world,
    {
      method: 'POST',
      path: '/customer-due-diligence/v1/retail/onboard',
      body: {
        customerData: {
          name: { firstName: 'Ada', middleName: null, surname },
          dateOfBirth: '1990-04-01',
          nationality: ['GBR'],
          taxResidency: ['GBR'],
          nationalInsuranceNumber: 'QQ123456C',
          email: 'ada@example.com',
          mobile: null,
          currentAddress: {
            buildingName: 'Elm House',
            streetName: 'Elm Road',
            postalCode: 'EC2V 8RT',
            countryCode: 'GBR',
          },
          idvEmailsEnabled: false,
        },
      },
    },
    202,
    answers.onboardRetailCustomer,
  );

describe('retail due diligence answers and webhooks as the bank documents', () => {
  it('sends each outcome as its page lists it', async () => {
    const passed = await onboard('pass');
    const declined = await onboard('fail');
    const asked = await onboard('info');
    await world.sim.advanceClock(5_000);
    const first = await takeWebhooks(world);
    expect(first.map((webhook) => webhook.Type).sort()).toEqual([
      'RetailCustomer.AdditionalInfoRequired',
      'RetailCustomer.ApplicationDeclined',
      'RetailCustomer.ApplicationSuccessful',
    ]);
    expect(
      first.map((webhook) => (webhook.Payload as { ApplicationId: string }).ApplicationId).sort(),
    ).toEqual([passed.applicationId, declined.applicationId, asked.applicationId].sort());
    const upload = await fetch(
      `${world.sim.url}/__sim/due-diligence/applications/${asked.applicationId}/uploads`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ document: 'Passport' }),
      },
    );
    expect(upload.status).toBe(202);
    await world.sim.advanceClock(5_000);
    expect((await takeWebhooks(world)).map((webhook) => webhook.Type)).toEqual([
      'RetailCustomer.AdditionalInfoRequired',
    ]);
  });
});
