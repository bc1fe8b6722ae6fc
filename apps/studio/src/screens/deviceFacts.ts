// The facts of a device record (docs/player.md §Device record) an operator looks for first; the rest stays
// in the full record below them.

export interface DeviceFact {
  label: string;
  value: string;
}

function at(record: unknown, path: string): unknown {
  let node = record;
  for (const key of path.split('.'))
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;

const gigabytes = (bytes: unknown): string | null =>
  typeof bytes === 'number' && Number.isFinite(bytes) ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : null;

function space(record: unknown, path: string): string | null {
  const available = gigabytes(at(record, `${path}.available`));
  const total = gigabytes(at(record, `${path}.total`));
  return available !== null && total !== null ? `${available} free of ${total}` : null;
}

export function deviceFacts(record: unknown): DeviceFact[] {
  const facts: Array<[string, string | null]> = [
    [
      'Platform',
      [text(at(record, 'platform')), text(at(record, 'model'))].filter(Boolean).join(' · ') || null,
    ],
    ['Player version', text(at(record, 'version'))],
    ['Content player', text(at(record, 'web_player.content_player.name'))],
    ['Hardware id', text(at(record, 'device.hardware_id'))],
    ['Operating system', text(at(record, 'device.os'))],
    ['IP address', text(at(record, 'device.ip'))],
    ['Public IP', text(at(record, 'device.ip_public'))],
    ['Memory', space(record, 'device.memory')],
    ['Storage', space(record, 'device.storage')],
    ['Time zone', text(at(record, 'native_player.timezone'))],
    ['Update channel', text(at(record, 'web_player.client.update_channel'))],
    ['Browser', text(at(record, 'native_player.user_agent'))],
  ];
  return facts.flatMap(([label, value]) => (value === null ? [] : [{ label, value }]));
}
