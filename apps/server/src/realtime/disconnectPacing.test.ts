// When closed connections start their onDisconnect work (disconnectPacing.ts): at once when calm, at a steady rate
// while connections churn (a fleet reconnecting), those that waited too long next, everything at once at shutdown.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BURST_STARTS,
  CHURN_STARTS_PER_SECOND,
  CHURN_WINDOW_MS,
  DisconnectPacing,
  MAX_DEFER_MS,
  OVERDUE_STARTS_PER_SECOND,
} from './disconnectPacing';

describe('disconnect pacing', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const pacingNow = () => new DisconnectPacing({ now: () => Date.now() });
  function startMany(pacing: DisconnectPacing, count: number) {
    const started = { count: 0 };
    for (let index = 0; index < count; index++) {
      const paced = pacing.start();
      if (paced === undefined) started.count++;
      else void paced.then(() => started.count++);
    }
    return started;
  }

  it('starts every closing connection on the next turn when nothing churns', async () => {
    const pacing = pacingNow();
    const started = startMany(pacing, 300);
    await vi.advanceTimersByTimeAsync(0);
    expect(started.count).toBe(300);
    expect(pacing.pending).toBe(0);
  });

  it('lets a few closing connections start at once even while connections churn, as without pacing', async () => {
    const pacing = pacingNow();
    pacing.churned();
    expect(pacing.start()).toBeUndefined();
    expect(pacing.start()).toBeUndefined();
    expect(pacing.pending).toBe(0);
  });

  it('paces the starts beyond a burst while connections churn, and starts the rest once it is calm', async () => {
    const pacing = pacingNow();
    pacing.churned();
    const started = startMany(pacing, 2_000);
    // A fleet reconnecting: a connection every few ms for a second.
    for (let ms = 0; ms < 1000; ms += 5) {
      pacing.churned();
      await vi.advanceTimersByTimeAsync(5);
    }
    expect(started.count).toBeGreaterThan(BURST_STARTS + CHURN_STARTS_PER_SECOND * 0.8);
    expect(started.count).toBeLessThanOrEqual(BURST_STARTS + CHURN_STARTS_PER_SECOND * 1.1);
    // Calm again: the rest go without waiting for the rate.
    await vi.advanceTimersByTimeAsync(CHURN_WINDOW_MS + 50);
    expect(started.count).toBe(2_000);
  });

  it('counts connections still setting up as churn, and starts the rest once they are set up', async () => {
    let settingUp = true;
    const pacing = new DisconnectPacing({ now: () => Date.now(), settingUp: () => settingUp });
    pacing.churned();
    const started = startMany(pacing, 2_000);
    // No socket opens or closes any more, but the accepted ones are still authenticating.
    await vi.advanceTimersByTimeAsync(CHURN_WINDOW_MS + 1000);
    expect(started.count).toBeLessThanOrEqual(BURST_STARTS + CHURN_STARTS_PER_SECOND * 1.6);
    settingUp = false;
    await vi.advanceTimersByTimeAsync(CHURN_WINDOW_MS + 50);
    expect(started.count).toBe(2_000);
  });

  it('starts those that waited too long at a rate of their own, even while churning', async () => {
    const pacing = pacingNow();
    pacing.churned();
    const started = startMany(pacing, 10_000);
    const churnFor = async (ms: number) => {
      for (let elapsed = 0; elapsed < ms; elapsed += 10) {
        pacing.churned();
        await vi.advanceTimersByTimeAsync(10);
      }
    };
    await churnFor(MAX_DEFER_MS - 100);
    // Until the first ones are overdue, only the steady rate.
    expect(started.count).toBeLessThanOrEqual(BURST_STARTS + (CHURN_STARTS_PER_SECOND * MAX_DEFER_MS) / 1000);
    await churnFor(100);
    const beforeOverdue = started.count;
    await churnFor(1000);
    const inOneSecond = started.count - beforeOverdue;
    expect(inOneSecond).toBeGreaterThan(OVERDUE_STARTS_PER_SECOND * 0.8);
    expect(inOneSecond).toBeLessThanOrEqual(OVERDUE_STARTS_PER_SECOND + CHURN_STARTS_PER_SECOND + 20);
  });

  it('starts everything at once when the server shuts down, churning or not', async () => {
    const pacing = pacingNow();
    pacing.churned();
    const started = startMany(pacing, 5_000);
    pacing.drain();
    pacing.churned();
    await vi.advanceTimersByTimeAsync(0);
    expect(started.count).toBe(5_000);
  });
});
