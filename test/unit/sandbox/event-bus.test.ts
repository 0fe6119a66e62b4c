import { describe, expect, it } from 'vitest';
import { InMemoryEventBus } from '#local/adapters/in-memory-bus.js';
import { ManualClock } from '#shared/ports/clock.js';
import { bankEvent } from '#test/support/events.js';

const keys = (bus: InMemoryEventBus, filter = {}) => bus.list(filter).map((listed) => listed.detail.key);

describe('the sandbox event list is bounded and can be filtered', () => {
  it('drops the oldest event once it holds its limit, and lists the rest oldest first', async () => {
    const bus = new InMemoryEventBus(2, new ManualClock());

    for (const key of ['first', 'second', 'third']) await bus.publish(bankEvent('FITestEvent', key));

    expect(keys(bus)).toEqual(['second', 'third']);
  });

  it('lists only the events of the exact detail-type asked for', async () => {
    const bus = new InMemoryEventBus(10, new ManualClock());
    await bus.publish(bankEvent('FITestEvent', 'test'));
    await bus.publish(bankEvent('TransactionSettled', 'settled'));

    expect(keys(bus, { detailType: 'TransactionSettled' })).toEqual(['settled']);
    expect(keys(bus, { detailType: 'transactionsettled' })).toEqual([]);
  });

  it('lists only the events published strictly after `since`', async () => {
    const clock = new ManualClock('2026-03-02T10:00:00Z');
    const bus = new InMemoryEventBus(10, clock);
    await bus.publish(bankEvent('FITestEvent', 'at ten'));
    clock.advance(1);
    await bus.publish(bankEvent('FITestEvent', 'a millisecond later'));

    expect(keys(bus, { since: new Date('2026-03-02T10:00:00Z') })).toEqual(['a millisecond later']);
    expect(keys(bus, { since: new Date('2026-03-02T09:59:59.999Z') })).toHaveLength(2);
  });
});
