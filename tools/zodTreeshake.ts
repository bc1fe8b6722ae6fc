// The players' bundles import protocol's constants and rules but few of its schemas. Those schemas are module-level
// zod/mini builder calls, which a bundler must keep unless told they are pure. The builders are named by their full
// member path (`z.object`), never as a bare `z`: a bare name is matched against every call in the bundle, and a
// minified dependency (Preact's diff is called `z`) would lose calls it cannot live without.
export const ZOD_PURE_FUNCTIONS = [
  'z.array',
  'z.boolean',
  'z.discriminatedUnion',
  'z.enum',
  'z.gte',
  'z.int',
  'z.iso.datetime',
  'z.literal',
  'z.lte',
  'z.maxLength',
  'z.maximum',
  'z.minLength',
  'z.nonnegative',
  'z.nullable',
  'z.number',
  'z.object',
  'z.optional',
  'z.positive',
  'z.prefault',
  'z.record',
  'z.refine',
  'z.regex',
  'z.string',
  'z.union',
  'z.unknown',
  'z.url',
];
