import { describe, expect, it, vi } from 'vitest';
import { memoryLogger } from '../../test/fakeSocket';
import type { RequestHandler } from './requests';
import { WriteQueue, type WriteRequest } from './writeQueue';

function setup(connected = false) {
  const state = { connected };
  const sent: Array<{ request: WriteRequest; handler: RequestHandler }> = [];
  const settled = vi.fn();
  const logger = memoryLogger();
  const queue = new WriteQueue({
    isConnected: () => state.connected,
    send: (request, handler) => sent.push({ request, handler }),
    clock: () => 1_000,
    logger,
    settled,
  });
  const add = (path: string, value: string | null) =>
    queue.enqueue({ t: 'set', path, value }, [{ segments: path.split('/'), value }]);
  return { state, sent, settled, logger, queue, add };
}

describe('WriteQueue', () => {
  it('holds writes made while offline and sends them in order on flush', () => {
    const { state, sent, queue, add } = setup();
    add('p/x/a', '1');
    add('p/x/b', '2');
    add('p/x/a', '3');
    queue.flush();
    expect(sent).toEqual([]);
    state.connected = true;
    queue.flush();
    expect(sent.map(({ request }) => request)).toEqual([
      { t: 'set', path: 'p/x/a', value: '1' },
      { t: 'set', path: 'p/x/b', value: '2' },
      { t: 'set', path: 'p/x/a', value: '3' },
    ]);
    expect(queue.pending().map((write) => write.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('sends at once while connected, and never twice', () => {
    const { sent, queue, add } = setup(true);
    add('p/x/a', '1');
    add('p/x/b', '2');
    queue.flush();
    expect(sent.map(({ request }) => request.path)).toEqual(['p/x/a', 'p/x/b']);
  });

  it('puts writes whose socket dropped back in the queue, and sends them again in their order', () => {
    const { state, sent, queue, add } = setup(true);
    add('p/x/a', '1');
    add('p/x/b', '2');
    sent[0]?.handler.answer({ r: 1, ok: true, d: { rev: 4 } });
    sent[1]?.handler.drop();
    state.connected = false;
    add('p/x/c', '3');
    state.connected = true;
    queue.flush();
    expect(sent.slice(2).map(({ request }) => request.path)).toEqual(['p/x/b', 'p/x/c']);
  });

  it('resolves an acknowledged write and keeps it, with its revision, until discarded', async () => {
    const { sent, queue, add, settled } = setup(true);
    const { write, done } = add('p/x/a', '1');
    sent[0]?.handler.answer({ r: 1, ok: true, d: { rev: 9 } });
    await expect(done).resolves.toBeUndefined();
    expect(write).toMatchObject({ state: 'acked', rev: 9, ackedAt: 1_000 });
    expect(settled).toHaveBeenCalledWith(write, null);
    expect(queue.size).toBe(1);
    queue.discard(write);
    expect(queue.size).toBe(0);
  });

  it('removes a refused write, logs it and rejects with the upper-cased code (docs/protocols/realtime.md §Errors)', async () => {
    const { sent, queue, add, settled, logger } = setup(true);
    const { write, done } = add('players/x/action_flags/reboot', '1');
    sent[0]?.handler.answer({
      r: 1,
      ok: false,
      code: 'permission_denied',
      message: 'Permission denied: cannot write "players/x/action_flags/reboot"',
    });
    await expect(done).rejects.toMatchObject({
      name: 'RealtimeError',
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: cannot write "players/x/action_flags/reboot"',
    });
    expect(queue.size).toBe(0);
    expect(settled).toHaveBeenCalledWith(write, expect.objectContaining({ code: 'PERMISSION_DENIED' }));
    expect(logger.lines).toEqual([
      'realtime: set at "players/x/action_flags/reboot" failed: permission_denied (Permission denied: cannot write "players/x/action_flags/reboot")',
    ]);
  });

  it('a late answer after a drop and resend settles the write once', async () => {
    const { sent, queue, add } = setup(true);
    const { done } = add('p/x/a', '1');
    sent[0]?.handler.drop();
    queue.flush();
    sent[1]?.handler.answer({ r: 2, ok: true, d: { rev: 1 } });
    sent[1]?.handler.answer({ r: 2, ok: false, code: 'invalid_value', message: 'late' });
    await expect(done).resolves.toBeUndefined();
  });

  it('rejectAll fails what waits and forgets what was acknowledged', async () => {
    const { sent, queue, add } = setup(true);
    const acked = add('p/x/a', '1');
    const waiting = add('p/x/b', '2');
    sent[0]?.handler.answer({ r: 1, ok: true, d: { rev: 1 } });
    await acked.done;
    const error = new Error('closed');
    queue.rejectAll(error as never);
    await expect(waiting.done).rejects.toBe(error);
    expect(queue.size).toBe(0);
    sent[1]?.handler.answer({ r: 2, ok: true, d: { rev: 2 } }); // too late: nothing happens
  });
});
