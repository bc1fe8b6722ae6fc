// The hash a conditional set (transaction) may compare instead of a revision: sha256 of the canonical JSON of a
// stored-form value (object keys sorted), so equal values hash alike whatever their key order.

import { createHash } from 'node:crypto';
import type { RealtimeValue } from '@marquee/protocol';

function canonical(value: RealtimeValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key] ?? null)}`).join(',')}}`;
}

export function valueHash(value: RealtimeValue): string {
  return createHash('sha256').update(canonical(value)).digest('hex');
}
