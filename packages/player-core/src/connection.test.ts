import { describe, expect, it, vi } from 'vitest';
import { watchConnection, type ConnectionState } from './connection';

function setup(reachable: boolean) {
  let emit!: (connected: boolean) => void;
  const states: ConnectionState[] = [];
  const stopPresence = vi.fn();
  const checkReachability = vi.fn(async () => reachable);
  const events = new EventTarget();
  const stop = watchConnection({
    subscribeConnected: (callback) => {
      emit = callback;
      return () => (emit = () => {});
    },
    startPresence: () => stopPresence,
    checkReachability,
    onChange: (state) => states.push(state),
    events,
  });
  return { emit: (c: boolean) => emit(c), states, stop, stopPresence, checkReachability, events };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchConnection', () => {
  it('is online while the database says connected, without a reachability check', () => {
    const s = setup(false);
    s.emit(true);
    expect(s.states).toEqual([{ databaseConnected: true, online: true }]);
    expect(s.checkReachability).not.toHaveBeenCalled();
  });

  it('asks the reachability check when the database says disconnected', async () => {
    const reachable = setup(true);
    reachable.emit(false);
    await flush();
    expect(reachable.states).toEqual([{ databaseConnected: false, online: true }]);
    const unreachable = setup(false);
    unreachable.emit(false);
    await flush();
    expect(unreachable.states).toEqual([{ databaseConnected: false, online: false }]);
  });

  it('re-checks on the browser online event, ignores a stale check, and stops presence on stop', async () => {
    const s = setup(false);
    s.emit(false);
    s.emit(true); // the check of the first state answers after the connection came back
    await flush();
    expect(s.states).toEqual([{ databaseConnected: true, online: true }]);
    s.emit(false);
    s.events.dispatchEvent(new Event('online'));
    await flush();
    expect(s.checkReachability).toHaveBeenCalledTimes(3);
    s.stop();
    expect(s.stopPresence).toHaveBeenCalled();
  });
});
