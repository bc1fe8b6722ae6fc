import { options } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runEffectsFromTasks } from './effectScheduling';

afterEach(() => {
  delete options.requestAnimationFrame;
  vi.useRealTimers();
});

describe('runEffectsFromTasks', () => {
  it('runs the queued effects in order in one task, with timers and animation frames frozen', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    runEffectsFromTasks();
    const ran: string[] = [];
    options.requestAnimationFrame!(() => ran.push('first'));
    options.requestAnimationFrame!(() => ran.push('second'));
    expect(ran).toEqual([]); // not synchronously
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
    expect(ran).toEqual(['first', 'second']);
    options.requestAnimationFrame!(() => ran.push('third'));
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
    expect(ran).toEqual(['first', 'second', 'third']);
  });
});
