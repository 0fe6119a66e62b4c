import { beforeAll, describe, expect, it } from 'vitest';
import { registrySchemaName } from '../../lib/event-schemas.js';
import { eventCatalogue } from '../../shared/events/catalogue.js';
import { onlyResourceOfType, resourcesOfType, type Synthesized, synthesize } from './synth.js';

describe("the stateful stack's event schema registry", () => {
  let simulation: Synthesized;

  beforeAll(() => {
    simulation = synthesize({ env: 'simulation' }); // cdk-nag's AwsSolutionsChecks run in it: clean or it throws
  });

  it('is one registry named after the environment', () => {
    const [, registry] = onlyResourceOfType(simulation.statefulJson, 'AWS::EventSchemas::Registry');
    expect(registry.Properties?.RegistryName).toBe('clearway-simulation-events');
  });

  it('holds one draft-04 schema per event of the catalogue, named <source>@<detail-type>', () => {
    const schemas = resourcesOfType(simulation.statefulJson, 'AWS::EventSchemas::Schema').map(
      ([, schema]) => schema.Properties ?? {},
    );
    expect(schemas.map((schema) => schema.SchemaName).sort()).toEqual(
      eventCatalogue.map(registrySchemaName).sort(),
    );
    const [registryId] = onlyResourceOfType(simulation.statefulJson, 'AWS::EventSchemas::Registry');
    for (const schema of schemas) {
      expect(schema.Type).toBe('JSONSchemaDraft4');
      expect(schema.RegistryName).toEqual({ 'Fn::GetAtt': [registryId, 'RegistryName'] });
      const content = JSON.parse(schema.Content as string);
      expect(content.$schema).toBe('http://json-schema.org/draft-04/schema#');
      expect(content.properties['detail-type'].enum).toEqual([String(schema.SchemaName).split('@')[1]]);
      expect(content.properties.detail.properties.key).toBeDefined();
    }
  });

  it('keeps each schema within what EventBridge takes (100 KB of content)', () => {
    for (const [, schema] of resourcesOfType(simulation.statefulJson, 'AWS::EventSchemas::Schema')) {
      expect(Buffer.byteLength(schema.Properties?.Content as string)).toBeLessThan(100_000);
    }
  });
});
