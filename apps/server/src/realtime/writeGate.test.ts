// The write gate alone: connections wait in the order they stopped, are read again only while there is room, and a
// closed one is skipped.

import { describe, expect, it } from 'vitest';
import { RELEASE_SLICE, WriteGate, type GatedConnection } from './writeGate';

function harness(maxInFlight: number) {
  const tasks: (() => void)[] = [];
  const gate = new WriteGate({ maxInFlight, later: (task) => tasks.push(task) });
  const resumed: string[] = [];
  const connection = (name: string, writesOnResume = 0) => {
    const gated: GatedConnection & { closed: boolean } = {
      closed: false,
      resumeFromGate() {
        resumed.push(name);
        for (let k = 0; k < writesOnResume; k++) gate.started();
      },
    };
    return gated;
  };
  const runLater = () => tasks.splice(0).forEach((task) => task());
  return { gate, resumed, connection, runLater };
}

describe('WriteGate', () => {
  it('closes at its bound and reads waiting connections again in order as writes are answered', () => {
    const { gate, resumed, connection, runLater } = harness(2);
    gate.started();
    expect(gate.open).toBe(true);
    gate.started();
    expect(gate.open).toBe(false);
    gate.wait(connection('a', 1));
    gate.wait(connection('b', 1));
    gate.wait(connection('c', 1));
    runLater();
    expect(resumed).toEqual([]);

    gate.finished();
    expect(resumed).toEqual([]); // not inside the answer: on a later turn
    runLater();
    // a's held write takes the room again: b and c wait.
    expect(resumed).toEqual(['a']);
    expect(gate.waitingConnections).toBe(2);

    gate.finished();
    gate.finished();
    runLater();
    expect(resumed).toEqual(['a', 'b', 'c']);
    expect(gate.writesInFlight).toBe(2);
  });

  it('skips a connection that closed while it waited', () => {
    const { gate, resumed, connection, runLater } = harness(1);
    gate.started();
    const gone = connection('gone');
    gate.wait(gone);
    gate.wait(connection('next'));
    gone.closed = true;
    gate.finished();
    runLater();
    expect(resumed).toEqual(['next']);
  });

  it('reads a connection again at once when the room came back before it waited', () => {
    const { gate, resumed, connection, runLater } = harness(1);
    gate.wait(connection('late'));
    runLater();
    expect(resumed).toEqual(['late']);
  });

  it('reads the waiting connections again a slice per turn of the event loop', () => {
    const { gate, resumed, connection, runLater } = harness(RELEASE_SLICE * 4);
    for (let k = 0; k < RELEASE_SLICE + 10; k++) gate.wait(connection(`c${k}`));
    runLater();
    expect(resumed).toHaveLength(RELEASE_SLICE);
    runLater();
    expect(resumed).toHaveLength(RELEASE_SLICE + 10);
    expect(resumed.at(-1)).toBe(`c${RELEASE_SLICE + 9}`);
  });
});
