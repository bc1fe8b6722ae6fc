import { describe, expect, it } from 'vitest';
import { deviceFacts } from './deviceFacts';

describe('deviceFacts', () => {
  it('picks the facts an operator looks for, skipping what the record lacks', () => {
    expect(
      deviceFacts({
        id: 'p1',
        platform: 'chromeos',
        model: 'Chromebox',
        version: '1.0.0',
        web_player: { client: { update_channel: 'stable' }, content_player: { name: 'studio-player' } },
        device: {
          hardware_id: 'hw-9',
          ip: '192.168.1.20',
          memory: { available: 2 * 1024 ** 3, total: 8 * 1024 ** 3 },
        },
      }),
    ).toEqual([
      { label: 'Platform', value: 'chromeos · Chromebox' },
      { label: 'Player version', value: '1.0.0' },
      { label: 'Content player', value: 'studio-player' },
      { label: 'Hardware id', value: 'hw-9' },
      { label: 'IP address', value: '192.168.1.20' },
      { label: 'Memory', value: '2.0 GB free of 8.0 GB' },
      { label: 'Update channel', value: 'stable' },
    ]);
  });

  it('gives nothing for a record that is no object', () => {
    expect(deviceFacts(null)).toEqual([]);
    expect(deviceFacts('x')).toEqual([]);
  });
});
