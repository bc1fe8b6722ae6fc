import { describe, expect, it } from 'vitest';
import { hostedPlayerUrl, wrapperSetup } from './platforms';

describe('wrapperSetup', () => {
  it('gives chromeos every capability by default', () => {
    const setup = wrapperSetup('?platform=chromeos&hardwareId=hw-1');
    expect(Object.values(setup.capabilities).every(Boolean)).toBe(true);
    expect(setup).toMatchObject({ platform: 'chromeos', model: 'Chromebox Signage', hardwareId: 'hw-1' });
  });

  it('takes an explicit capability set, including none', () => {
    expect(wrapperSetup('?platform=android&caps=reboot').capabilities).toMatchObject({
      reboot: true,
      mute: false,
    });
    expect(Object.values(wrapperSetup('?platform=chromeos&caps=').capabilities).some(Boolean)).toBe(false);
  });

  it('reports fullscreen and reload like any other capability, so ?caps= can take them away', () => {
    expect(wrapperSetup('?platform=tizen').capabilities).toMatchObject({ fullscreen: true, reload: true });
    expect(wrapperSetup('?platform=tizen&caps=get_device_info').capabilities).toMatchObject({
      fullscreen: false,
      reload: false,
      clear_cache: false,
      get_device_info: true,
    });
  });

  it('knows no capability of an unknown platform', () => {
    expect(Object.values(wrapperSetup('?platform=toaster').capabilities).some(Boolean)).toBe(false);
    expect(wrapperSetup('?platform=toaster').hardwareId).toBeNull();
  });

  it('embeds the meeting player on zoom, mtr and meet, or when app=meet names it', () => {
    for (const platform of ['zoom', 'mtr', 'meet']) {
      const search = `?platform=${platform}&id=room-1`;
      expect(hostedPlayerUrl(wrapperSetup(search), search)).toBe(`/meet/?platform=${platform}&id=room-1`);
    }
    const named = '?platform=android&app=meet&caps=reboot';
    expect(hostedPlayerUrl(wrapperSetup(named), named)).toBe('/meet/?platform=android');
    const general = '?platform=chromeos&hardwareId=hw';
    expect(hostedPlayerUrl(wrapperSetup(general), general)).toBe('/?platform=chromeos');
    expect(wrapperSetup('?platform=zoom').capabilities).toMatchObject({ reboot: true, mute: false });
  });
});
