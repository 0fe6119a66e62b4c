import { describe, expect, it } from 'vitest';
import { InMemoryEventBus } from '#local/adapters/in-memory-bus.js';
import { detailSchemaOf, eventViolation } from '#shared/events/catalogue.js';
import { JsonNumber } from '#shared/json/read-json.js';
import { bankEvent, gatewayEvents } from './sample-events.js';

describe('checking an event against its schema', () => {
  it('passes every gateway event as its publisher makes it', () => {
    for (const event of gatewayEvents()) expect(eventViolation(event), event.detailType).toBeUndefined();
  });

  it('passes a bank event whose payload is the documented one, its numbers read as JsonNumber', () => {
    expect(eventViolation(bankEvent('FITestEvent', 1, 'hello'))).toBeUndefined();
    const payload = { Amount: new JsonNumber('12.30') };
    // As JSON (what EventBridge delivers), a JsonNumber is the number it was written as.
    expect(JSON.stringify(payload)).toBe('{"Amount":12.30}');
  });

  it('names the detail-type and the first problem of a bad event', () => {
    expect(eventViolation(bankEvent('FITestEvent', 1, { not: 'a string' }))).toBe(
      'clearway.bank FITestEvent: detail.payload: Invalid input',
    );
    expect(eventViolation(bankEvent('FITestEvent', 2, 'hello'))).toMatch(
      /^clearway.bank FITestEvent: detail.version/,
    );
    const [payment] = gatewayEvents();
    const keyless = { ...payment!, detail: { ...payment!.detail, key: '' } };
    expect(eventViolation(keyless)).toMatch(/^clearway.gateway PaymentStatusChanged: detail.key: /);
  });

  it('gives a webhook type it does not know the envelope with any payload', () => {
    expect(detailSchemaOf('clearway.bank', 'Brand.New.Event')).toBeDefined();
    expect(eventViolation(bankEvent('Brand.New.Event', 7, { anything: [1, 2] }))).toBeUndefined();
    expect(eventViolation({ ...bankEvent('Brand.New.Event', 7, {}), detail: { key: 'k' } as never })).toMatch(
      /^clearway.bank Brand.New.Event: detail.type: /,
    );
  });

  it('refuses a gateway event it has no schema for', () => {
    const [payment] = gatewayEvents();
    expect(eventViolation({ ...payment!, detailType: 'SomethingNew' })).toBe(
      'clearway.gateway SomethingNew: no schema for this detail-type',
    );
  });
});

describe("the sandbox bus's event check", () => {
  it('publishes every event and counts the bad ones, keeping their problems', async () => {
    const bus = new InMemoryEventBus(10, undefined, eventViolation);
    await bus.publish(bankEvent('FITestEvent', 1, 'fine'));
    await bus.publish(bankEvent('FITestEvent', 1, 42));

    expect(bus.list()).toHaveLength(2);
    expect(bus.violations).toEqual({
      count: 1,
      first: ['clearway.bank FITestEvent: detail.payload: Invalid input'],
    });
  });

  it('costs little per event', async () => {
    const bus = new InMemoryEventBus(10_000, undefined, eventViolation);
    const events = [...gatewayEvents(), bankEvent('FITestEvent', 1, 'fine')];
    const started = performance.now();
    for (let round = 0; round < 250; round++) for (const event of events) await bus.publish(event);
    const perEventMs = (performance.now() - started) / (250 * events.length);
    expect(bus.violations.count).toBe(0);
    expect(perEventMs).toBeLessThan(1);
  });
});
