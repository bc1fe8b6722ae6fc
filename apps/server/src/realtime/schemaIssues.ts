// What a schema refused, in words: zod/mini carries no messages of its own (only "Invalid input"), so the hub says
// what is wrong with which field, for request frames (frames.ts) and for the shape of player writes (playerShape.ts).

export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message?: string;
  expected?: unknown;
  format?: unknown;
  options?: unknown;
  values?: unknown;
  maximum?: unknown;
  minimum?: unknown;
  origin?: unknown;
}

const TYPE_NAMES: Record<string, string> = {
  object: 'an object',
  record: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
};

const GENERIC_MESSAGE = 'Invalid input';

function list(values: unknown): string {
  return Array.isArray(values) ? values.map(String).join(', ') : String(values);
}

/**
 * What is wrong with the value the issue is about, as the rest of a sentence: 'must be a boolean', 'is missing'.
 * `missing` tells a required field that is absent from one of the wrong type (zod reports both alike).
 */
export function issueProblem(issue: SchemaIssue, missing = false): string {
  switch (issue.code) {
    case 'invalid_type':
      if (missing || issue.expected === 'nonoptional') return 'is missing';
      return `must be ${TYPE_NAMES[String(issue.expected)] ?? String(issue.expected)}`;
    case 'invalid_union':
      return Array.isArray(issue.options)
        ? `must be one of ${issue.options.map(String).join(', ')}`
        : 'is not valid';
    case 'invalid_value':
      return `must be one of ${list(issue.values)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `is longer than ${String(issue.maximum)} characters`
        : `is larger than ${String(issue.maximum)}`;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? 'cannot be empty'
        : `must be at least ${String(issue.minimum)}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'must be a URL of an allowed scheme' : 'is not in the expected form';
    case 'invalid_key':
      return 'has a key that is not allowed there';
    default:
      // A refinement's own message says what it checks.
      return issue.message !== undefined && issue.message !== GENERIC_MESSAGE
        ? issue.message
        : 'is not valid';
  }
}
