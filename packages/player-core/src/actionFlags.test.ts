import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actionPath, createActionFlagRunner, type ActionFlagHandlers } from './actionFlags';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(handlers: ActionFlagHandlers = {}, acknowledge = vi.fn(async (_name: string) => {})) {
  const events: string[] = [];
  const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
  const wrapped: ActionFlagHandlers = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name as keyof ActionFlagHandlers] = async (param) => {
      events.push(`run ${name}`);
      await handler?.(param);
    };
  }
  const ack = vi.fn(async (name: string) => {
    events.push(`ack ${name}`);
    await acknowledge(name);
  });
  const runner = createActionFlagRunner({ handlers: wrapped, acknowledge: ack, logger });
  return { runner, events, logger, ack };
}

describe('createActionFlagRunner', () => {
  it('runs flags one at a time in priority order, acknowledging each before carrying it out', async () => {
    const all = {
      reset_auth: vi.fn(),
      force_hard_reset: vi.fn(),
      reset_pairing: vi.fn(),
      update_device_info: vi.fn(),
      screenshot: vi.fn(),
      reboot: vi.fn(),
      restart_player_app: vi.fn(),
      mute: vi.fn(),
      clear_cache: vi.fn(),
    };
    const { runner, events } = setup(all);
    runner.update({
      clear_cache: true,
      mute: true,
      restart_player_app: true,
      reboot: true,
      screenshot: 'full',
      update_device_info: true,
      reset_pairing: true,
      force_hard_reset: true,
      reset_auth: true,
    });
    await runner.idle();
    const order = Object.keys(all);
    expect(events).toEqual(order.flatMap((name) => [`ack ${name}`, `run ${name}`]));
    expect(all.screenshot).toHaveBeenCalledWith('full');
  });

  it('takes every flag raised at once in priority order, unknown ones last, each acknowledged', async () => {
    const names = [
      'reset_credentials',
      'reset_auth',
      'force_hard_reset',
      'reset_pairing',
      'update_device_info',
      'screenshot',
      'reboot',
      'restart_player_app',
      'mute',
      'clear_cache',
    ] as const;
    const { runner, events, logger } = setup(Object.fromEntries(names.map((name) => [name, () => {}])));
    // Raised in one update, in the reverse order, with two flags this player does not know.
    runner.update(
      Object.fromEntries(['zz_new', ...[...names].reverse(), 'aa_new'].map((name) => [name, true])),
    );
    await runner.idle();
    expect(events).toEqual([
      'run reset_credentials',
      'ack reset_auth',
      'run reset_auth',
      'ack force_hard_reset',
      'run force_hard_reset',
      'ack reset_pairing',
      'run reset_pairing',
      'ack update_device_info',
      'run update_device_info',
      'ack screenshot',
      'run screenshot',
      'ack reboot',
      'run reboot',
      'ack restart_player_app',
      'run restart_player_app',
      'ack mute',
      'run mute',
      'ack clear_cache',
      'run clear_cache',
      'ack aa_new',
      'ack zz_new',
    ]);
    expect(logger.warn.mock.calls).toEqual([
      ['Command not implemented', { action: 'aa_new' }],
      ['Command not implemented', { action: 'zz_new' }],
    ]);
  });

  it('does not acknowledge reset_credentials (the rotation clears it) and runs it first', async () => {
    const { runner, events } = setup({ reset_credentials: vi.fn(), reboot: vi.fn() });
    runner.update({ reboot: true, reset_credentials: true });
    await runner.idle();
    expect(events).toEqual(['run reset_credentials', 'ack reboot', 'run reboot']);
  });

  it("logs an unknown flag as 'Command not implemented' and still acknowledges it", async () => {
    const { runner, events, logger } = setup();
    runner.update({ dance: true });
    await runner.idle();
    expect(logger.warn).toHaveBeenCalledWith('Command not implemented', { action: 'dance' });
    expect(events).toEqual(['ack dance']);
  });

  it('acknowledges a known flag this platform cannot carry out, logged as unsupported', async () => {
    const { runner, events, logger } = setup();
    runner.update({ reboot: true });
    await runner.idle();
    expect(logger.warn).toHaveBeenCalledWith('Command not supported on this platform', { action: 'reboot' });
    expect(events).toEqual(['ack reboot']);
  });

  it('takes a flag once while it is still pending, and again once it was cleared and raised anew', async () => {
    const mute = vi.fn();
    const { runner } = setup({ mute });
    runner.update({ mute: true });
    await runner.idle();
    runner.update({ mute: true }); // the server has not cleared it yet
    await runner.idle();
    expect(mute).toHaveBeenCalledTimes(1);
    runner.update(null);
    runner.update({ mute: true });
    await runner.idle();
    expect(mute).toHaveBeenCalledTimes(2);
  });

  it('takes a flag raised while another one runs after it', async () => {
    let release!: () => void;
    const reboot = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const mute = vi.fn();
    const { runner } = setup({ reboot, mute });
    runner.update({ reboot: true });
    await vi.advanceTimersByTimeAsync(0);
    runner.update({ reboot: true, mute: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(mute).not.toHaveBeenCalled();
    release();
    await runner.idle();
    expect(mute).toHaveBeenCalledTimes(1);
  });

  it('retries a flag whose acknowledgement failed 30 s later, without carrying it out meanwhile', async () => {
    const acknowledge = vi.fn(async () => {});
    acknowledge.mockRejectedValueOnce(new Error('offline'));
    const mute = vi.fn();
    const { runner } = setup({ mute }, acknowledge);
    runner.update({ mute: true });
    await runner.idle();
    expect(mute).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(acknowledge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await runner.idle();
    expect(acknowledge).toHaveBeenCalledTimes(2);
    expect(mute).toHaveBeenCalledTimes(1);
  });

  it('builds the acknowledgement path of docs/protocols/player-api.md §Acknowledgements', () => {
    expect(actionPath('p1', 'reboot')).toBe('/_internal/players/p1/reboot');
  });
});
