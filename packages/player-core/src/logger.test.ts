import { describe, expect, it, vi } from 'vitest';
import { createLogger, logStart, type ConsoleLike } from './logger';

function fakeConsole(): ConsoleLike & Record<string, ReturnType<typeof vi.fn>> {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn(), log: vi.fn() };
}

describe('createLogger', () => {
  it('writes lines within the configured level and drops the others', () => {
    const out = fakeConsole();
    let level: unknown = 'warn';
    const logger = createLogger({ service: 'svc', level: () => level, console: out });
    logger.error('e');
    logger.warn('w');
    logger.info('i');
    expect(out.error).toHaveBeenCalledWith('[svc] e');
    expect(out.warn).toHaveBeenCalledWith('[svc] w');
    expect(out.info).not.toHaveBeenCalled();
    level = 5;
    logger.log('l', { a: 1 });
    expect(out.log).toHaveBeenCalledWith('[svc] l', { a: 1 });
  });

  it('uses info (3) when no level is configured: debug is dropped', () => {
    const out = fakeConsole();
    const logger = createLogger({ service: 's', level: () => undefined, console: out });
    logger.info('shown');
    logger.debug('hidden');
    expect(out.info).toHaveBeenCalledTimes(1);
    expect(out.debug).not.toHaveBeenCalled();
  });

  it('hands each written line to the sinks, survives a throwing sink, and removes sinks', () => {
    const out = fakeConsole();
    const logger = createLogger({ service: 's', level: () => 5, console: out, clock: () => 42 });
    const lines: unknown[] = [];
    logger.addSink(() => {
      throw new Error('boom');
    });
    const remove = logger.addSink((line) => lines.push(line));
    logger.warn('w', { x: 1 });
    remove();
    logger.warn('after');
    expect(lines).toEqual([{ level: 'warn', message: 'w', data: { x: 1 }, time: 42 }]);
  });
});

describe('logStart', () => {
  it('logs the service name, mode and version', () => {
    const out = fakeConsole();
    const logger = createLogger({ service: 'marquee-player', level: () => 3, console: out });
    logStart(logger, { service: 'marquee-player', mode: 'edge', version: '1.0.0' });
    expect(out.info).toHaveBeenCalledWith('[marquee-player] marquee-player starting', {
      service: 'marquee-player',
      mode: 'edge',
      version: '1.0.0',
    });
  });
});
