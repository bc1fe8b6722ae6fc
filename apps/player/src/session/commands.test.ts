import { describe, expect, it } from 'vitest';
import { dataUrlToBlob, playerPath } from './commands';

describe('dataUrlToBlob', () => {
  it('decodes a base64 PNG data URL with its type', async () => {
    const blob = dataUrlToBlob('data:image/png;base64,iVBORw0KGgo=');
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ]);
  });
  it('refuses what is not a data URL', () => {
    expect(() => dataUrlToBlob('http://x/y.png')).toThrow('not a data URL');
  });
});

describe('playerPath', () => {
  it('builds the player API paths of docs/protocols/player-api.md §Routes', () => {
    expect(playerPath('p 1')).toBe('/_internal/players/p%201');
    expect(playerPath('p1', '/credentials')).toBe('/_internal/players/p1/credentials');
  });
});
