import { describe, expect, it } from 'vitest';
import { markStartup, startupMarkName } from './startupMarks';

// The package compiles without DOM or Node types; the test runs where User Timing exists (Node and browsers).
const { performance } = globalThis as unknown as {
  performance: { getEntriesByName(name: string, type: string): { startTime: number }[] };
};
const marks = (name: string) => performance.getEntriesByName(name, 'mark');

describe('markStartup', () => {
  it('puts one User Timing mark per step and phase, the first time only', () => {
    markStartup('get-pairing-code', 'start');
    markStartup('get-pairing-code', 'start'); // the 2 s poll asks again: the waterfall keeps the first ask
    markStartup('get-pairing-code', 'end');
    expect(marks('marquee:get-pairing-code:start')).toHaveLength(1);
    expect(marks(startupMarkName('get-pairing-code', 'end'))).toHaveLength(1);
    expect(marks('marquee:get-pairing-code:start')[0]!.startTime).toBeLessThanOrEqual(
      marks('marquee:get-pairing-code:end')[0]!.startTime,
    );
  });
});
