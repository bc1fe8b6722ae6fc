// Values from the hub (events, get answers, datastale answers, REST reads) arrive as an application reads them,
// arrays restored; the core keeps the stored form (index-keyed objects) so local writes apply to it exactly as the
// hub applies them. The hub only sends valid values; anything odd is kept as it came rather than lost.

import { normalizeForWrite, type RealtimeValue } from '@marquee/protocol';

export function storedForm(value: unknown, segments: readonly string[]): RealtimeValue {
  if (value === undefined) return null;
  try {
    return normalizeForWrite(value, segments);
  } catch {
    return value as RealtimeValue;
  }
}
