import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameCheckError, nameCheckResponses as answers } from '#shared/operations/name-checks/responses.js';
import { sterlingAccountResponses } from '#shared/operations/sterling-accounts/responses.js';
import {
  type ContractWorld,
  expectAnswer,
  startContractWorld,
  takeWebhooks,
  openSterlingAccount,
} from './harness.js';

/**
 * The simulator's name-check answers against the bank's documented shapes
 * (shared/operations/name-checks/responses.ts): every operation once, the 422 and 424 error bodies, and the
 * 200 and 204 of the responder settings.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const check = (Identification: string, OwnerName: string) => ({
  method: 'POST',
  path: '/open-banking/outbound/v1/name-verification',
  body: { SchemeName: 'SortCodeAccountNumber', LegalOwnerType: 'Personal', OwnerName, Identification },
});

describe('name checks answer as the bank documents', () => {
  it('name verification: a full match, a close match, and the 422 and 424 error bodies', async () => {
    const full = await expectAnswer(
      world,
      check('20000012345678', ',,Jane Smith'),
      200,
      answers.verifyPayeeName,
    );
    expect(full.Data.VerificationReport).toMatchObject({ Matched: true, MatchedBank: 'Northgate Bank' });
    const close = await expectAnswer(
      world,
      check('20000012345678', ',,Jayne Smith'),
      200,
      answers.verifyPayeeName,
    );
    expect(close.Data.VerificationReport).toMatchObject({ ReasonCode: 'MBAM', Name: 'Jane Smith' });
    const unknown = await expectAnswer(world, check('99999912345678', ',,Jane Smith'), 422, nameCheckError);
    expect(unknown.Error.ParticipantName).toBeNull();
    const down = await expectAnswer(world, check('40000012345678', ',,Jane Smith'), 424, nameCheckError);
    expect(down.Error.ParticipantName).toBe('Harbour Bank');
  });

  it('SRD validate', async () => {
    const answer = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/open-banking/outbound/v1/srd/validate',
        body: { SchemeName: 'SortCodeAccountNumber', Identification: '20000011112222' },
      },
      200,
      answers.validateSrd,
    );
    expect(answer.Data).toEqual({
      Required: true,
      BankName: 'Northgate Bank',
      Identification: '20000011112222',
    });
  });

  it('responder settings: 204 to opt out, 200 to change the reason, 204 to opt back in, real and virtual', async () => {
    const created = { account: await openSterlingAccount(world) };
    await takeWebhooks(world);
    const path = `/v1/Cop/opt/accounts/${created.account.id}`;
    await expectAnswer(
      world,
      { method: 'PUT', path, body: { optOut: true, optOutReason: 'Trust account' } },
      204,
    );
    await expectAnswer(
      world,
      { method: 'PUT', path, body: { optOut: true, optOutReason: 'Client account' } },
      200,
      answers.optOutAccountNameChecks,
    );
    await expectAnswer(world, { method: 'PUT', path, body: { optOut: false } }, 204);
    await expectAnswer(
      world,
      {
        method: 'POST',
        path: `/v2/Accounts/${created.account.id}/Virtual`,
        body: { virtualAccounts: [{ ownerName: 'Jane', accountIdentifier: { externalIdentifier: 'c-1' } }] },
      },
      202,
      sterlingAccountResponses.createVirtualAccounts,
    );
    const [virtualCreated] = await takeWebhooks(world);
    const virtualId = (virtualCreated?.Payload as { VirtualAccountId: string }).VirtualAccountId;
    const virtualPath = `${path}/virtual/${virtualId}`;
    await expectAnswer(
      world,
      { method: 'PUT', path: virtualPath, body: { optOut: true, optOutReason: 'Pooled' } },
      204,
    );
    await expectAnswer(
      world,
      { method: 'PUT', path: virtualPath, body: { optOut: true, optOutReason: 'Pooled client money' } },
      200,
      answers.optOutVirtualAccountNameChecks,
    );
  });
});
