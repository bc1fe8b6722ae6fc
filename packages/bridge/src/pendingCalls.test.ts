import { BRIDGE_CALL_TIMEOUT_MS, defaultTimers } from '@marquee/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PendingCalls } from './pendingCalls';

describe('PendingCalls', () => {
  let calls: PendingCalls;
  beforeEach(() => {
    vi.useFakeTimers();
    calls = new PendingCalls(defaultTimers, BRIDGE_CALL_TIMEOUT_MS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('numbers calls from 1 and resolves each with its own value', async () => {
    const first = calls.add('a');
    const second = calls.add('b');
    expect([first.id, second.id]).toEqual([1, 2]);
    expect(calls.settle(2, { ok: true, value: 'two' })).toBe(true);
    expect(calls.settle(1, { ok: true, value: 'one' })).toBe(true);
    await expect(first.promise).resolves.toBe('one');
    await expect(second.promise).resolves.toBe('two');
    expect(calls.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with the error text of a failed result', async () => {
    const { id, promise } = calls.add('a');
    calls.settle(id, { ok: false, error: 'missing api method: a' });
    await expect(promise).rejects.toThrow(new Error('missing api method: a'));
  });

  it("rejects with 'call timeout: {method}' exactly at the call time-out", async () => {
    const { promise } = calls.add('slowMethod');
    const settled = vi.fn();
    promise.catch(settled);
    await vi.advanceTimersByTimeAsync(BRIDGE_CALL_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(new Error('call timeout: slowMethod'));
    expect(calls.size).toBe(0);
  });

  it('drops a result after the time-out, a second result, and unknown ids', async () => {
    const { id, promise } = calls.add('m');
    const outcome = promise.then(
      (value) => ({ value }),
      (error: Error) => ({ error: error.message }),
    );
    vi.advanceTimersByTime(BRIDGE_CALL_TIMEOUT_MS);
    expect(calls.settle(id, { ok: true, value: 'late' })).toBe(false);
    expect(await outcome).toEqual({ error: 'call timeout: m' });

    const next = calls.add('n');
    expect(calls.settle(`n${next.id}`, { ok: true, value: 'x' })).toBe(false);
    expect(calls.settle(`${next.id}.0`, { ok: true, value: 'x' })).toBe(false);
    expect(calls.settle(999, { ok: true, value: 'x' })).toBe(false);
    expect(calls.settle(next.id, { ok: true, value: 'first' })).toBe(true);
    expect(calls.settle(next.id, { ok: true, value: 'second' })).toBe(false);
    await expect(next.promise).resolves.toBe('first');
  });

  it('settles a call whose id a peer echoed as a decimal string', async () => {
    const { id, promise } = calls.add('m');
    expect(calls.settle(String(id), { ok: true, value: 'echoed' })).toBe(true);
    await expect(promise).resolves.toBe('echoed');
  });

  it('holds encoded calls until drained, once, in call order, and forgets settled ones', () => {
    const a = calls.add('a');
    const b = calls.add('b');
    const c = calls.add('c');
    calls.hold(a.id, 'A');
    calls.hold(b.id, 'B');
    calls.hold(c.id, 'C');
    calls.settle(b.id, { ok: true, value: undefined });
    expect(calls.drainHeld()).toEqual(['A', 'C']);
    expect(calls.drainHeld()).toEqual([]);
    calls.hold(12345, 'unknown');
    expect(calls.drainHeld()).toEqual([]);
    calls.rejectAll('x');
    return Promise.allSettled([a.promise, c.promise]);
  });

  it('rejectAll rejects every pending call and releases every timer', async () => {
    const promises = ['a', 'b', 'c'].map((method) => calls.add(method).promise);
    expect(vi.getTimerCount()).toBe(3);
    calls.rejectAll('bridge closed');
    expect(vi.getTimerCount()).toBe(0);
    expect(calls.size).toBe(0);
    for (const promise of promises) await expect(promise).rejects.toThrow(new Error('bridge closed'));
  });
});
