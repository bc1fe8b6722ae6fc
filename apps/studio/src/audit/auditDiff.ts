// An audit entry's before and after, key by key, for reading: each top-level key with both values as JSON and
// whether it changed. A value that is not an object (or is absent) is one row named '(value)'.

export interface DiffRow {
  key: string;
  before: string;
  after: string;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const objects = (before === null || isRecord(before)) && (after === null || isRecord(after));
  if (!objects) {
    const [b, a] = [show(before), show(after)];
    return [{ key: '(value)', before: b, after: a, changed: b !== a }];
  }
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])].sort();
  return keys.map((key) => {
    const [b, a] = [show(was[key]), show(is[key])];
    return { key, before: b, after: a, changed: b !== a };
  });
}
