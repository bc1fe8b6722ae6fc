import { describe, expect, it, vi } from 'vitest';
import { MAX_ERROR_REPORTS, reportUncaughtErrors, type ErrorReport } from './errorReports';

function setup() {
  const events = new EventTarget();
  const reports: ErrorReport[] = [];
  const send = vi.fn(async (report: ErrorReport) => {
    reports.push(report);
  });
  const stop = reportUncaughtErrors({ events, service: 'meet-player', send, clock: () => 1234 });
  const error = (message: string, error?: unknown) =>
    events.dispatchEvent(Object.assign(new Event('error'), { message, error }));
  const rejection = (reason: unknown) =>
    events.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
  return { reports, send, stop, error, rejection };
}

describe('reportUncaughtErrors', () => {
  it('reports uncaught errors and unhandled rejections under the service name, with their stack', () => {
    const { reports, error, rejection } = setup();
    const boom = new Error('boom');
    error('Uncaught Error: boom', boom);
    rejection(new TypeError('bad type'));
    rejection('a plain string');
    expect(reports).toEqual([
      { message: 'Uncaught Error: boom', service: 'meet-player', time: 1234, stack: boom.stack },
      expect.objectContaining({ message: 'bad type', service: 'meet-player', stack: expect.any(String) }),
      { message: 'a plain string', service: 'meet-player', time: 1234 },
    ]);
  });

  it('reports each message once and at most 20 per page load', () => {
    const { send, error } = setup();
    error('same');
    error('same');
    expect(send).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) error(`error ${i}`);
    expect(send).toHaveBeenCalledTimes(MAX_ERROR_REPORTS);
  });

  it('names an error without a message, bounds long ones, and survives a failed send', async () => {
    const events = new EventTarget();
    const send = vi.fn(async (_report: ErrorReport) => Promise.reject(new Error('offline')));
    reportUncaughtErrors({ events, service: 's', send });
    events.dispatchEvent(Object.assign(new Event('error'), { message: '' }));
    events.dispatchEvent(Object.assign(new Event('error'), { message: 'x'.repeat(10_000) }));
    expect(send.mock.calls.map(([report]) => report.message)).toEqual(['Unknown error', 'x'.repeat(4000)]);
    await Promise.resolve();
  });

  it('stops listening', () => {
    const { send, stop, error } = setup();
    stop();
    error('after stop');
    expect(send).not.toHaveBeenCalled();
  });
});
