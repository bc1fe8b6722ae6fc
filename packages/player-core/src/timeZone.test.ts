import { describe, expect, it } from 'vitest';
import { deviceTimeZone } from './timeZone';

const intlWith = (timeZone: unknown) => ({
  DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone }) as { timeZone?: string } }),
});
const temporalWith = (zone: unknown) => ({ Now: { timeZoneId: () => zone as string } });

describe('deviceTimeZone', () => {
  it("is the runtime's IANA zone", () => {
    expect(deviceTimeZone(intlWith('America/Phoenix'), undefined)).toBe('America/Phoenix');
    expect(deviceTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("takes Temporal's zone where the engine has Temporal, Intl's otherwise", () => {
    expect(deviceTimeZone(intlWith('America/Phoenix'), temporalWith('Europe/Paris'))).toBe('Europe/Paris');
    expect(deviceTimeZone(intlWith('America/Phoenix'), temporalWith(''))).toBe('America/Phoenix');
    expect(
      deviceTimeZone(intlWith('America/Phoenix'), {
        Now: {
          timeZoneId: () => {
            throw new RangeError('no zone data');
          },
        },
      }),
    ).toBe('America/Phoenix');
  });

  it('is null where the runtime does not say', () => {
    expect(deviceTimeZone(intlWith(undefined), undefined)).toBeNull();
    expect(deviceTimeZone(intlWith(''), undefined)).toBeNull();
    expect(
      deviceTimeZone(
        {
          DateTimeFormat: () => {
            throw new RangeError('no zone data');
          },
        },
        undefined,
      ),
    ).toBeNull();
  });
});
