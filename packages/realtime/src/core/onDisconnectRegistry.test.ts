import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../../test/fakeSocket';
import { OnDisconnectRegistry, type OnDisconnectRequest } from './onDisconnectRegistry';
import type { RequestHandler } from './requests';

function setup(connected = true) {
  const state = { connected };
  const sent: Array<{ request: OnDisconnectRequest; handler: RequestHandler }> = [];
  const logger = memoryLogger();
  const registry = new OnDisconnectRegistry({
    isConnected: () => state.connected,
    send: (request, handler) => sent.push({ request, handler }),
    logger,
  });
  return { state, sent, logger, registry };
}

const at = (path: string) => path.split('/');

describe('OnDisconnectRegistry', () => {
  it('arms at once while connected and resolves with the first answer', async () => {
    const { sent, registry } = setup();
    const armed = registry.arm('set', at('players/p/connection'), { connected: false });
    expect(sent.map(({ request }) => request)).toEqual([
      { t: 'od', action: 'set', path: 'players/p/connection', value: { connected: false } },
    ]);
    sent[0]?.handler.answer({ r: 1, ok: true });
    await expect(armed).resolves.toBeUndefined();
    expect(registry.size).toBe(1);
  });

  it('sends every armed action again, in order, after each reconnect', () => {
    const { state, sent, registry } = setup(false);
    void registry.arm('set', at('players/p/connection'), { connected: false });
    void registry.arm('update', at('players/p/settings'), { name: 'x', 'a/b': 1 });
    expect(sent).toEqual([]);
    state.connected = true;
    registry.resend();
    registry.resend();
    expect(sent.map(({ request }) => `${request.action} ${request.path}`)).toEqual([
      'set players/p/connection',
      'update players/p/settings',
      'set players/p/connection',
      'update players/p/settings',
    ]);
    expect(sent[1]?.request.value).toEqual({ name: 'x', 'a/b': 1 });
  });

  it('a set replaces what is armed at or below its path, so re-arming never piles up', () => {
    const { registry } = setup(false);
    void registry.arm('set', at('players/p/connection/id'), null);
    void registry.arm('set', at('players/p/settings'), {});
    void registry.arm('set', at('players/p/connection'), { connected: false });
    void registry.arm('set', at('players/p/connection'), { connected: false });
    expect(registry.list()).toEqual([
      { action: 'set', path: 'players/p/settings' },
      { action: 'set', path: 'players/p/connection' },
    ]);
  });

  it('cancel disarms at and below its path and tells the hub', async () => {
    const { sent, registry } = setup();
    void registry.arm('set', at('players/p/connection'), { connected: false });
    void registry.arm('set', at('players/p/settings/name'), 'x');
    const cancelled = registry.cancel(at('players/p/connection'));
    expect(registry.list()).toEqual([{ action: 'set', path: 'players/p/settings/name' }]);
    expect(sent.at(-1)?.request).toEqual({ t: 'od', action: 'cancel', path: 'players/p/connection' });
    sent.at(-1)?.handler.answer({ r: 3, ok: true });
    await expect(cancelled).resolves.toBeUndefined();
  });

  it('cancel while disconnected resolves at once (the hub forgot them with the socket)', async () => {
    const { sent, registry } = setup(false);
    const armed = registry.arm('set', at('players/p/connection'), { connected: false });
    await expect(registry.cancel(at('players/p'))).resolves.toBeUndefined();
    await expect(armed).resolves.toBeUndefined(); // superseded, not failed
    expect(sent).toEqual([]);
    expect(registry.size).toBe(0);
  });

  it('a refused action is logged, forgotten and rejected with the upper-cased code', async () => {
    const { sent, registry, logger } = setup();
    const armed = registry.arm('set', at('players/q/connection'), { connected: false });
    sent[0]?.handler.answer({ r: 1, ok: false, code: 'permission_denied', message: 'Permission denied' });
    await expect(armed).rejects.toMatchObject({ code: 'PERMISSION_DENIED', message: 'Permission denied' });
    expect(registry.size).toBe(0);
    expect(logger.lines).toEqual([
      'realtime: onDisconnect set at "players/q/connection" failed: permission_denied (Permission denied)',
    ]);
  });

  it('rejectAll fails what still waits', async () => {
    const { registry } = setup(false);
    const armed = registry.arm('set', at('players/p/connection'), null);
    registry.rejectAll(new Error('closed') as never);
    await expect(armed).rejects.toThrow('closed');
    expect(registry.size).toBe(0);
  });
});
