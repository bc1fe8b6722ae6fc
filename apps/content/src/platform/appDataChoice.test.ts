import { describe, expect, it } from 'vitest';
import { createAppDataChoice } from './appDataChoice';

const withOverride = JSON.stringify({ version: 3, items: [], timeline: { overrides: ['Evacuation'] } });
const cleared = JSON.stringify({ version: 4, items: [] });
const scheduled = JSON.stringify({ version: 5, items: [], timeline: { schedules: ['Offline window'] } });

describe('the choice between the frame listen and the player answers', () => {
  it('keeps the live value when a player still in back-off answers its offline copy', () => {
    const choice = createAppDataChoice();
    // Reloaded with the server down: the player's copy is all there is.
    expect(choice.offer(withOverride, 'player')).toBe(true);
    choice.connected(true);
    expect(choice.offer(cleared, 'realtime')).toBe(true);
    expect(choice.offer(withOverride, 'player')).toBe(false);
    expect(choice.offer(scheduled, 'realtime')).toBe(true);
    // The server stops: the frame's listen goes down, the player's copy is as old as before.
    choice.connected(false);
    expect(choice.offer(withOverride, 'player')).toBe(false);
  });

  it('ignores a player answer while the listen is live, and that same answer once it is down', () => {
    const choice = createAppDataChoice();
    choice.connected(true);
    expect(choice.offer(cleared, 'realtime')).toBe(true);
    expect(choice.offer(withOverride, 'player')).toBe(false);
    choice.connected(false);
    expect(choice.offer(withOverride, 'player')).toBe(false);
    // A change the player hears of meanwhile (it has a connection the frame lacks) is taken.
    expect(choice.offer(scheduled, 'player')).toBe(true);
  });

  it('takes the player answers when the frame has no listen, and a lower version after a re-pairing', () => {
    const choice = createAppDataChoice();
    expect(choice.offer(scheduled, 'player')).toBe(true);
    expect(choice.offer(scheduled, 'player')).toBe(false);
    const repaired = JSON.stringify({ version: 1, items: [] });
    expect(choice.offer(repaired, 'player')).toBe(true);
  });

  it('takes a live value that is older than what the player had shown', () => {
    const choice = createAppDataChoice();
    expect(choice.offer(scheduled, 'player')).toBe(true);
    choice.connected(true);
    const repaired = JSON.stringify({ version: 1, items: [] });
    expect(choice.offer(repaired, 'realtime')).toBe(true);
    expect(choice.offer(repaired, 'realtime')).toBe(false);
  });
});
