// A long list's answer serialized a slice per turn: the same JSON as at once (the list last), and other work runs
// between the slices.

import { describe, expect, it } from 'vitest';
import { jsonInSlices } from './jsonInSlices';

describe('jsonInSlices', () => {
  const answer = {
    raised: 5,
    commands: Array.from({ length: 5 }, (_, index) => ({ id: `c${index}`, screenId: `s"${index}` })),
    skipped: ['x'],
  };

  it('gives the JSON of the answer, whatever the slice', async () => {
    for (const slice of [1, 2, 5, 100]) {
      const text = await jsonInSlices(answer, 'commands', slice);
      expect(JSON.parse(text)).toEqual(answer);
    }
  });

  it('serializes an empty list and an answer of the list alone', async () => {
    expect(JSON.parse(await jsonInSlices({ raised: 0, commands: [] }, 'commands'))).toEqual({
      raised: 0,
      commands: [],
    });
    expect(await jsonInSlices({ commands: [1, 2] }, 'commands', 1)).toBe('{"commands":[1,2]}');
  });

  it('lets the event loop run between two slices', async () => {
    let ranBetween = false;
    setImmediate(() => (ranBetween = true));
    const text = jsonInSlices(answer, 'commands', 2);
    expect(ranBetween).toBe(false);
    expect(JSON.parse(await text)).toEqual(answer);
    expect(ranBetween).toBe(true);
  });
});
