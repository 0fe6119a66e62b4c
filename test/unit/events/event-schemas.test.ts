import { readdirSync, readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  detailTypeName,
  eventSchemaFiles,
  eventTypesText,
  registrySchemaContent,
} from '#lib/event-schemas.js';
import { eventCatalogue } from '#shared/events/catalogue.js';
import { typesOf, webhookRecords } from '#shared/webhooks/payloads/index.js';
import { gatewayEvents } from './sample-events.js';

const folder = new URL('../../../events/', import.meta.url);
const generated = eventSchemaFiles();

describe('the committed event schemas and types', () => {
  it('are a JSON Schema per event in events/schemas/, as generated (run `npm run events` after a change)', () => {
    expect(readdirSync(new URL('schemas/', folder)).sort()).toEqual([...generated.keys()].sort());
    for (const [name, text] of generated) {
      expect(readFileSync(new URL(`schemas/${name}`, folder), 'utf8'), name).toBe(text);
    }
  });

  it('are events/types.ts, as generated (run `npm run events` after a change)', () => {
    expect(readFileSync(new URL('types.ts', folder), 'utf8')).toBe(eventTypesText());
  });

  it('cover every webhook type and alias of the webhook records and every gateway event, one type each', () => {
    const detailTypes = eventCatalogue.map((event) => event.detailType);
    expect(detailTypes).toEqual(expect.arrayContaining(webhookRecords.flatMap((record) => typesOf(record))));
    expect(detailTypes).toEqual(
      expect.arrayContaining(['PaymentStatusChanged', 'FxTradeStatusChanged', 'StatementArchived']),
    );
    expect(new Set(detailTypes).size).toBe(detailTypes.length);
    expect(new Set(detailTypes.map(detailTypeName)).size).toBe(detailTypes.length);
    for (const name of detailTypes)
      expect(eventTypesText()).toContain(`export type ${detailTypeName(name)} =`);
  });
});

describe('the JSON Schemas', () => {
  const ajv = addFormats.default(new Ajv2020.default({ strict: false, allErrors: false }));
  // Each schema compiled once, by file name (compiling is most of this file's time).
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const validatorOf = (detailType: string) => {
    const name = `${detailType}.json`;
    if (!compiled.has(name)) compiled.set(name, ajv.compile(JSON.parse(generated.get(name) as string)));
    return compiled.get(name)!;
  };

  it('are valid draft 2020-12 schemas and accept the events the gateway publishes', () => {
    for (const event of eventCatalogue)
      expect(() => validatorOf(event.detailType), event.detailType).not.toThrow();
    for (const event of gatewayEvents()) {
      const validate = validatorOf(event.detailType);
      expect(validate(JSON.parse(JSON.stringify(event.detail))), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('refuse a detail without its key', () => {
    const [event] = gatewayEvents();
    const validate = validatorOf(event!.detailType);
    const { key: _, ...keyless } = event?.detail ?? {};
    expect(validate(keyless)).toBe(false);
  });

  it("write a payload's numbers as JSON numbers (the gateway reads them as JsonNumber)", () => {
    const executed = JSON.parse(generated.get('Fx.Trade.Executed.json') as string);
    expect(executed.properties.payload.properties.InstructedAmount).toEqual({ type: 'number' });
  });
});

describe("the schema registry's draft-04 schemas", () => {
  const ajv = addFormats.default(new AjvDraft04.default({ strict: false }));

  it('are valid draft-04 schemas of the whole event, accepting one as EventBridge delivers it', () => {
    const compiled = new Map(
      eventCatalogue.map((event) => [
        event.detailType,
        ajv.compile(JSON.parse(registrySchemaContent(event))),
      ]),
    );
    for (const event of gatewayEvents()) {
      const validate = compiled.get(event.detailType)!;
      const delivered = {
        version: '0',
        id: 'a0f1c2d3-0000-4000-8000-000000000000',
        'detail-type': event.detailType,
        source: event.source,
        account: '123456789012',
        time: '2026-03-02T10:00:00Z',
        region: 'eu-west-2',
        resources: [],
        detail: JSON.parse(JSON.stringify(event.detail)),
      };
      expect(validate(delivered), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({ ...delivered, source: 'someone.else' })).toBe(false);
    }
  });
});
