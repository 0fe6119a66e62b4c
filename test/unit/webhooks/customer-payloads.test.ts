import { describe, expect, it } from 'vitest';
import { webhookIdentity } from '#shared/webhooks/identity.js';
import { webhookPayloads } from '#shared/webhooks/payloads/index.js';

/**
 * The retail customer due-diligence payloads (`kyc-application-successful-v1.mdx`, `-declined-v1.mdx`,
 * `-pending-v1.mdx`): each page's example parses (its trailing comma aside), a `KycStatus` other than the one
 * the page says it "will always read" is refused, and the keys are the application's (two info requests of
 * one application stay two, by the actions they ask for, never by their URLs).
 */
const applicationId = 'aac7c700-1ea6-5664-8804-ceeb066d3cf5';
const examples = {
  'RetailCustomer.ApplicationSuccessful': {
    ApplicationId: applicationId,
    CustomerId: 'a1e22390-9049-53f4-a598-de39856bdb50',
    KycStatus: 'Pass',
  },
  'RetailCustomer.ApplicationDeclined': { ApplicationId: applicationId, KycStatus: 'Fail' },
  'RetailCustomer.AdditionalInfoRequired': {
    ApplicationId: applicationId,
    KycStatus: 'Pending',
    RequiredActions: [
      { action: 'CustomerIdentificationDocumentUpload', url: 'https://kycchecker.com/?sessionId=123' },
      { action: 'CustomerProofOfAddressDocumentUpload', url: 'https://kycchecker.com/?sessionId=456' },
    ],
  },
} as const;
type KycType = keyof typeof examples;
const types = Object.keys(examples) as KycType[];
const parses = (type: KycType, payload: unknown) => webhookPayloads[type]?.[1]?.safeParse(payload).success;

describe('the retail customer KYC webhooks', () => {
  it.each(types)('%s v1: the page example parses', (type) => {
    expect(parses(type, examples[type])).toBe(true);
  });

  it.each([
    ['RetailCustomer.ApplicationSuccessful', 'Fail'],
    ['RetailCustomer.ApplicationSuccessful', 'pass'],
    ['RetailCustomer.ApplicationDeclined', 'Pass'],
    ['RetailCustomer.AdditionalInfoRequired', 'Pass'],
  ] as const)('%s refuses KycStatus %s', (type, status) => {
    expect(parses(type, { ...examples[type], KycStatus: status })).toBe(false);
  });

  it('refuses a missing member, an undocumented one and an id that is not a uuid', () => {
    const { CustomerId: _omitted, ...withoutCustomer } = examples['RetailCustomer.ApplicationSuccessful'];
    expect(parses('RetailCustomer.ApplicationSuccessful', withoutCustomer)).toBe(false);
    expect(
      parses('RetailCustomer.ApplicationDeclined', {
        ...examples['RetailCustomer.ApplicationDeclined'],
        CustomerId: applicationId,
      }),
    ).toBe(false);
    expect(
      parses('RetailCustomer.ApplicationDeclined', { ApplicationId: 'not-a-uuid', KycStatus: 'Fail' }),
    ).toBe(false);
    expect(
      parses('RetailCustomer.AdditionalInfoRequired', {
        ...examples['RetailCustomer.AdditionalInfoRequired'],
        RequiredActions: [{ action: 'CustomerIdentificationDocumentUpload' }],
      }),
    ).toBe(false);
  });

  it('keys each outcome by its application', () => {
    const at = new Date('2026-03-02T10:00:00Z');
    expect(
      webhookIdentity(
        'RetailCustomer.ApplicationSuccessful',
        1,
        examples['RetailCustomer.ApplicationSuccessful'],
        at,
      ).key,
    ).toBe(`RetailCustomer.ApplicationSuccessful:${applicationId}`);
    expect(
      webhookIdentity(
        'RetailCustomer.ApplicationDeclined',
        1,
        examples['RetailCustomer.ApplicationDeclined'],
        at,
      ).key,
    ).toBe(`RetailCustomer.ApplicationDeclined:${applicationId}`);
  });

  it('keeps a second info request (proof of address only) apart from the first, without its URLs', () => {
    const at = new Date('2026-03-02T10:00:00Z');
    const first = webhookIdentity(
      'RetailCustomer.AdditionalInfoRequired',
      1,
      examples['RetailCustomer.AdditionalInfoRequired'],
      at,
    );
    const second = webhookIdentity(
      'RetailCustomer.AdditionalInfoRequired',
      1,
      {
        ...examples['RetailCustomer.AdditionalInfoRequired'],
        RequiredActions: [
          { action: 'CustomerProofOfAddressDocumentUpload', url: 'https://kycchecker.com/?sessionId=789' },
        ],
      },
      at,
    );
    expect(first.key).toBe(
      `RetailCustomer.AdditionalInfoRequired:${applicationId}:CustomerIdentificationDocumentUpload+CustomerProofOfAddressDocumentUpload`,
    );
    expect(second.key).toBe(
      `RetailCustomer.AdditionalInfoRequired:${applicationId}:CustomerProofOfAddressDocumentUpload`,
    );
    expect(`${first.key}${second.key}`).not.toContain('sessionId');
    // A redelivery with other URLs (the same request) is the same webhook.
    const again = webhookIdentity(
      'RetailCustomer.AdditionalInfoRequired',
      1,
      {
        ...examples['RetailCustomer.AdditionalInfoRequired'],
        RequiredActions: [...examples['RetailCustomer.AdditionalInfoRequired'].RequiredActions].reverse(),
      },
      at,
    );
    expect(again.key).toBe(first.key);
  });
});
