import type * as z from 'zod/mini';

const descriptions = new WeakMap<z.core.$ZodType, z.core.$ZodType>();

/**
 * A rule made by hand (`z.custom`, a `refine` over other schemas) has no JSON Schema: `schema`, described by
 * `description`, a schema that states the same rule, is shown by that one in the OpenAPI document.
 */
export function describedAs<Schema extends z.core.$ZodType>(
  schema: Schema,
  description: z.core.$ZodType,
): Schema {
  descriptions.set(schema, description);
  return schema;
}

/** The schema that describes `schema` in JSON Schema, when it was given one (`describedAs`). */
export function descriptionOf(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  return descriptions.get(schema);
}
