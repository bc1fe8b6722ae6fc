import { describe, expect, it } from 'vitest';
import { RegistrationRequestSchema } from './registration';

const device = { id: 'device-1', model: 'Chrome', platform: 'browser', device: { hardware_id: 'hw-1' } };

describe('RegistrationRequestSchema', () => {
  it('accepts settings and device', () => {
    const body = { settings: { name: 'Lobby', orientation: 'portrait' }, device };
    expect(RegistrationRequestSchema.parse(body)).toEqual(body);
  });

  it('defaults missing settings to the default name, and a missing hardware id to none', () => {
    expect(
      RegistrationRequestSchema.parse({ device: { id: 'device-1', model: '', platform: 'browser' } }),
    ).toEqual({
      settings: { name: 'Marquee Player' },
      device: { id: 'device-1', model: '', platform: 'browser', device: {} },
    });
    expect(
      RegistrationRequestSchema.safeParse({ device: { ...device, device: { hardware_id: null } } }).success,
    ).toBe(true);
  });

  it('rejects a missing device id or platform, an empty hardware id and invalid settings', () => {
    expect(RegistrationRequestSchema.safeParse({}).success).toBe(false);
    expect(RegistrationRequestSchema.safeParse({ device: { ...device, id: '' } }).success).toBe(false);
    expect(RegistrationRequestSchema.safeParse({ device: { ...device, platform: undefined } }).success).toBe(
      false,
    );
    expect(
      RegistrationRequestSchema.safeParse({ device: { ...device, device: { hardware_id: '' } } }).success,
    ).toBe(false);
    expect(RegistrationRequestSchema.safeParse({ device, settings: { orientation: 45 } }).success).toBe(
      false,
    );
  });
});
