import * as z from 'zod/mini';
import { type EventDefinition, eventCatalogue, unknownBankEventDetail } from '#shared/events/catalogue.js';
import { JsonNumber } from '#shared/json/read-json.js';

/**
 * What is generated from the event catalogue (`shared/events/catalogue.ts`): a JSON Schema (draft 2020-12)
 * of each event's `detail` for `events/schemas/`, the TypeScript types of `events/types.ts`, and the draft-04
 * schema of each whole event that the EventBridge schema registry takes (it accepts only `JSONSchemaDraft4`
 * and `OpenApi3`). `npm run events` writes the files; a test keeps them in step with the code.
 */

type JsonSchema = Record<string, unknown>;
type Target = 'draft-2020-12' | 'draft-04';

/** A payload number is a `JsonNumber` when the gateway read it (its digits kept): JSON has a number there. */
function jsonNumbersAsNumbers(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const bag = (ctx.zodSchema as { _zod: { bag: { Class?: unknown } } })._zod.bag;
  if (bag.Class === JsonNumber) ctx.jsonSchema.type = 'number';
}

function detailJsonSchema(schema: z.ZodMiniType, target: Target): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target,
    io: 'output',
    unrepresentable: 'any',
    override: jsonNumbersAsNumbers,
  }) as JsonSchema;
  return rest;
}

/** The file name (without `.json`) and the type name of an event's detail. */
export const schemaFileName = (detailType: string) => detailType;
export const detailTypeName = (detailType: string) => `${detailType.replace(/[^A-Za-z0-9]/g, '')}Detail`;

function description(event: EventDefinition): string {
  return `The detail of the ${event.source} event with detail-type ${event.detailType}.`;
}

/** `events/schemas/<DetailType>.json`: the JSON Schema (draft 2020-12) of one event's detail. */
export function detailSchemaDocument(event: EventDefinition): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: detailTypeName(event.detailType),
    description: description(event),
    ...detailJsonSchema(event.detail, 'draft-2020-12'),
  };
}

/** Every generated schema file by its path under `events/schemas/`, with its text. */
export function eventSchemaFiles(): Map<string, string> {
  return new Map(
    eventCatalogue.map((event) => [
      `${schemaFileName(event.detailType)}.json`,
      `${JSON.stringify(detailSchemaDocument(event), null, 2)}\n`,
    ]),
  );
}

/** The registry's name of an event's schema, as EventBridge discovery names them (`<source>@<DetailType>`). */
export function registrySchemaName(event: Pick<EventDefinition, 'source' | 'detailType'>): string {
  return `${event.source}@${event.detailType}`;
}

/** The draft-04 schema of a whole EventBridge event (envelope and detail), for the schema registry. */
export function registrySchemaContent(event: EventDefinition): string {
  const text = { type: 'string' };
  return JSON.stringify({
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: registrySchemaName(event),
    description: `${event.source} ${event.detailType}, as EventBridge delivers it.`,
    type: 'object',
    required: ['detail-type', 'source', 'detail'],
    properties: {
      version: text,
      id: text,
      'detail-type': { type: 'string', enum: [event.detailType] },
      source: { type: 'string', enum: [event.source] },
      account: text,
      time: { type: 'string', format: 'date-time' },
      region: text,
      resources: { type: 'array', items: text },
      detail: detailJsonSchema(event.detail, 'draft-04'),
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// TypeScript types, from the draft 2020-12 schemas (the keywords zod writes for these schemas)

function typeOf(schema: JsonSchema, indent: string): string {
  if (Array.isArray(schema.anyOf)) return union(schema.anyOf.map((option) => typeOf(option, indent)));
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map((value) => JSON.stringify(value)));
  if (Array.isArray(schema.type))
    return union(schema.type.map((type: string) => typeOf({ ...schema, type }, indent)));
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `Array<${schema.items === undefined ? 'unknown' : typeOf(schema.items as JsonSchema, indent)}>`;
    case 'object':
      return objectType(schema, indent);
    default:
      return 'unknown';
  }
}

function union(types: string[]): string {
  return [...new Set(types)].join(' | ');
}

function objectType(schema: JsonSchema, indent: string): string {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  const extra = schema.additionalProperties;
  if (properties.length === 0) {
    return extra === false
      ? 'Record<string, never>'
      : `Record<string, ${extra ? typeOf(extra as JsonSchema, indent) : 'unknown'}>`;
  }
  const required = new Set((schema.required ?? []) as string[]);
  const inner = `${indent}  `;
  const members = properties.map(([name, property]) => {
    const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
    return `${inner}${key}${required.has(name) ? '' : '?'}: ${typeOf(property, inner)};`;
  });
  return `{\n${members.join('\n')}\n${indent}}`;
}

/** `events/types.ts`: one `<DetailType>Detail` type per event, and the maps of them by detail-type. */
export function eventTypesText(): string {
  const declaration = (name: string, doc: string, schema: z.ZodMiniType) =>
    `/** ${doc} */\nexport type ${name} = ${typeOf(detailJsonSchema(schema, 'draft-2020-12'), '')};\n`;
  const bySource = (source: EventDefinition['source']) =>
    eventCatalogue
      .filter((event) => event.source === source)
      .map((event) => `  ${JSON.stringify(event.detailType)}: ${detailTypeName(event.detailType)};`)
      .join('\n');
  return [
    '// Generated by `npm run events` from shared/events/catalogue.ts; do not edit.',
    '// The `detail` of every event Clearway publishes, self-contained: copy or import this file as it is.',
    '',
    ...eventCatalogue.map((event) =>
      declaration(detailTypeName(event.detailType), description(event), event.detail),
    ),
    declaration(
      'UnknownBankEventDetail',
      'The detail of a clearway.bank event whose webhook type this version does not know.',
      unknownBankEventDetail,
    ),
    `/** Bank events (source \`clearway.bank\`) by detail-type. */\nexport interface BankEventDetails {\n${bySource('clearway.bank')}\n}\n`,
    `/** Gateway events (source \`clearway.gateway\`) by detail-type. */\nexport interface GatewayEventDetails {\n${bySource('clearway.gateway')}\n}\n`,
  ].join('\n');
}
