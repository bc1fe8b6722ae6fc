import { describe, expect, it } from 'vitest';
import { deviceTimeZone } from './timeZone';

const intlWith = (timeZone: unknown) => ({
  DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone }) as { timeZone?: string } }),
});

describe('deviceTimeZone', () => {
  it("is the runtime's IANA zone", () => {
    expect(deviceTimeZone(intlWith('America/Phoenix'))).toBe('America/Phoenix');
    expect(deviceTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is null where the runtime does not say', () => {
    expect(deviceTimeZone(intlWith(undefined))).toBeNull();
    expect(deviceTimeZone(intlWith(''))).toBeNull();
    expect(
      deviceTimeZone({
        DateTimeFormat: () => {
          throw new RangeError('no zone data');
        },
      }),
    ).toBeNull();
  });
});
