import { describe, expect, it } from 'vitest';
import { massOutage } from './massOutage';

const MINUTE = 60_000;
const silent = (...minutes: number[]) =>
  minutes.map((minute, index) => ({ screenId: `s${index}`, silentSince: minute * MINUTE }));

describe('mass outage', () => {
  it('is half or more of the fleet going silent within two minutes', () => {
    expect(massOutage(6, silent(0, 0.5, 1.9))?.map((screen) => screen.screenId)).toEqual(['s0', 's1', 's2']);
    expect(massOutage(6, silent(0, 0.5))).toBeNull();
  });

  it('does not join silences further apart than two minutes', () => {
    // Three silent screens of six, but a day apart: separate outages, each alerted on its own.
    expect(massOutage(6, silent(0, 1440, 2880))).toBeNull();
    expect(massOutage(6, silent(0, 10, 11, 12.5))).toBeNull();
    expect(massOutage(6, silent(0, 10, 11, 11.5))?.length).toBe(3);
  });

  it('leaves fleets of fewer than four screens to their own alerts', () => {
    expect(massOutage(3, silent(0, 0, 0))).toBeNull();
    expect(massOutage(4, silent(0, 0))?.length).toBe(2);
  });
});
