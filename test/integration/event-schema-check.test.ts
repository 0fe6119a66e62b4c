import { describe, expect, it } from 'vitest';
import { bankEvent } from '../unit/events/sample-events.js';
import { testSandbox } from '../support/sandbox.js';

describe('every event a test sandbox publishes is checked against its schema', () => {
  it('fails the closing of a sandbox that published a bad event, naming it', async () => {
    const world = await testSandbox();
    await world.sandbox.bus.publish(bankEvent('FITestEvent', 1, { not: 'a string' }));

    await expect(world.sandbox.close()).rejects.toThrow(
      '1 published event(s) did not match their schema:\nclearway.bank FITestEvent: detail.payload: Invalid input',
    );
  });

  it('closes quietly when every event matched', async () => {
    const world = await testSandbox();
    await world.sandbox.bus.publish(bankEvent('FITestEvent', 1, 'hello'));

    await expect(world.sandbox.close()).resolves.toBeUndefined();
  });
});
