import { describe, expect, it } from 'vitest';
import { CANARY_HOSTNAME_MARKER } from './constants';
import { UPDATE_CHANNELS, updateChannel } from './updateChannel';

describe('updateChannel', () => {
  it('has the three channels of docs/player.md §Settings', () => {
    expect(UPDATE_CHANNELS).toEqual(['canary', 'stable', 'local']);
    expect(CANARY_HOSTNAME_MARKER).toBe('.canary.');
  });

  it.each([
    ['player.canary.marquee.example', 'production', 'canary'],
    ['player.canary.marquee.example', 'development', 'canary'],
    ['PLAYER.CANARY.MARQUEE.EXAMPLE', 'production', 'canary'],
    ['player.marquee.example', 'production', 'stable'],
    ['localhost', 'production', 'stable'],
    ['player.marquee.example', 'development', 'local'],
    ['localhost', 'development', 'local'],
    ['canary.marquee.example', 'production', 'stable'], // no dot before 'canary'
    ['player.canary', 'production', 'stable'], // no dot after 'canary'
    ['player.canaryx.example', 'production', 'stable'],
    ['player.marquee.example', 'Production', 'local'],
    ['player.marquee.example', '', 'local'],
  ])('%j in %j is %j', (hostname, environment, channel) => {
    expect(updateChannel({ hostname, environment })).toBe(channel);
  });
});
