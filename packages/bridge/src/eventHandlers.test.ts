import { describe, expect, it, vi } from 'vitest';
import { EventHandlers } from './eventHandlers';

describe('EventHandlers', () => {
  it('reports the first handler added and the last removed for a type', () => {
    const handlers = new EventHandlers();
    const a = handlers.add('mute', () => {});
    const b = handlers.add('mute', () => {});
    const other = handlers.add('volume', () => {});
    expect([a.first, b.first, other.first]).toEqual([true, false, true]);
    expect(handlers.types()).toEqual(['mute', 'volume']);
    expect(handlers.remove('mute', a.registration)).toBe(false);
    expect(handlers.remove('mute', a.registration)).toBe(false);
    expect(handlers.remove('mute', b.registration)).toBe(true);
    expect(handlers.remove('mute', b.registration)).toBe(false);
    expect(handlers.types()).toEqual(['volume']);
  });

  it('keeps the same function registered twice until both registrations are removed', () => {
    const handlers = new EventHandlers();
    const fn = vi.fn();
    const first = handlers.add('t', fn);
    const second = handlers.add('t', fn);
    handlers.dispatch('t', 1, vi.fn());
    expect(fn).toHaveBeenCalledTimes(2);
    expect(handlers.remove('t', first.registration)).toBe(false);
    handlers.dispatch('t', 2, vi.fn());
    expect(fn).toHaveBeenCalledTimes(3);
    expect(handlers.remove('t', second.registration)).toBe(true);
  });

  it('dispatches to the handlers of that type only, reporting a throwing one without stopping the rest', () => {
    const handlers = new EventHandlers();
    const onError = vi.fn();
    const before = vi.fn();
    const after = vi.fn();
    const other = vi.fn();
    const failure = new Error('handler failed');
    handlers.add('t', before);
    handlers.add('t', () => {
      throw failure;
    });
    handlers.add('t', after);
    handlers.add('u', other);
    handlers.dispatch('t', { x: 1 }, onError);
    expect(before).toHaveBeenCalledWith({ x: 1 });
    expect(after).toHaveBeenCalledWith({ x: 1 });
    expect(other).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(failure);
    handlers.dispatch('nobody', 1, onError);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('lets a handler remove another during dispatch without skipping anyone this round', () => {
    const handlers = new EventHandlers();
    const second = vi.fn();
    const later: { registration?: ReturnType<EventHandlers['add']>['registration'] } = {};
    handlers.add('t', () => {
      if (later.registration) handlers.remove('t', later.registration);
    });
    later.registration = handlers.add('t', second).registration;
    handlers.dispatch('t', 1, vi.fn());
    expect(second).toHaveBeenCalledTimes(1);
    handlers.dispatch('t', 2, vi.fn());
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('clear forgets everything', () => {
    const handlers = new EventHandlers();
    const fn = vi.fn();
    handlers.add('t', fn);
    handlers.clear();
    handlers.dispatch('t', 1, vi.fn());
    expect(fn).not.toHaveBeenCalled();
    expect(handlers.types()).toEqual([]);
  });
});
