// A union whose member is chosen by the value's shape. A plain union answers 'Invalid input' at the union's own
// path when every member fails (zod cannot tell which one was meant), so an error would name 'content' where the
// operator needs 'content.0.type' or 'zones.2.content.app.config'. Here the value picks its member first and that
// member's issues are reported as they are. Documented (OpenAPI) as the plain union.

import { z } from 'zod';

export function shapedUnion<const Options extends readonly [z.ZodType, z.ZodType, ...z.ZodType[]]>(
  options: Options,
  pick: (value: unknown) => Options[number],
): z.ZodType<z.output<Options[number]>, z.input<Options[number]>> {
  const {
    $schema: _dialect,
    definitions: _definitions,
    ...documented
  } = z.toJSONSchema(z.union(options), { target: 'openapi-3.0', io: 'input' }) as Record<string, unknown>;
  const schema = z
    .unknown()
    .transform((value, context) => {
      const result = pick(value).safeParse(value);
      if (result.success) return result.data as z.output<Options[number]>;
      for (const issue of result.error.issues) context.addIssue({ ...issue, input: value } as never);
      return z.NEVER;
    })
    .meta(inlined(documented) as Record<string, unknown>);
  // The input is what the members take (the studio types its bodies with z.input).
  return schema as unknown as z.ZodType<z.output<Options[number]>, z.input<Options[number]>>;
}

/** A plain object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema without references to its own definitions: a recursive member (an html app's JSON configuration) is
 * documented as any value, since this document is embedded in others that do not carry its definitions.
 */
function inlined(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inlined);
  if (!isPlainObject(schema)) return schema;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/definitions/')) return {};
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value)]));
}
