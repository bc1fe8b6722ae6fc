// The parent API the wrapper exposes to the player over the bridge (docs/protocols/bridge.md §Parent methods): auth
// kept "natively" (in the wrapper's own storage slot), model, hardware id, metadata with the capability set, device
// info, storage, the log service, and the device actions (mute, reboot, clear cache, screenshot, media cache). Every
// call is recorded for the visible log and for tests (window.__hostCalls).

import type { WrapperSetup } from './platforms';

export interface HostCall {
  method: string;
  args: unknown[];
  at: number;
}

export interface HostDevice {
  /** Reloads the player frame (the wrapper's reboot). */
  restartPlayer(): void;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  record(call: HostCall): void;
  clock?: () => number;
}

const NATIVE_PREFIX = 'marquee-host:';

/** A small PNG of the wrapper's screen, as a data URL (what a native screenshot call answers). */
function screenshotDataUrl(doc: Document, text: string): string {
  const canvas = doc.createElement('canvas');
  canvas.width = 320;
  canvas.height = 180;
  const context = canvas.getContext('2d');
  if (context) {
    context.fillStyle = '#0b0d12';
    context.fillRect(0, 0, 320, 180);
    context.fillStyle = '#f5b83d';
    context.font = '20px sans-serif';
    context.fillText(text, 16, 96);
  }
  return canvas.toDataURL('image/png');
}

export function createParentApi(setup: WrapperSetup, device: HostDevice, doc: Document = document) {
  const clock = device.clock ?? Date.now;
  const key = (name: string) => `${NATIVE_PREFIX}${setup.platform}:${name}`;
  const read = (name: string): unknown => {
    const text = device.storage.getItem(key(name));
    return text === null ? null : (JSON.parse(text) as unknown);
  };
  const write = (name: string, value: unknown) => {
    if (value === null || value === undefined) device.storage.removeItem(key(name));
    else device.storage.setItem(key(name), JSON.stringify(value));
  };
  let muted = false;
  const logged =
    <A extends unknown[], R>(method: string, body: (...args: A) => R) =>
    (...args: A): R => {
      device.record({ method, args, at: clock() });
      return body(...args);
    };
  const requires = (capability: keyof WrapperSetup['capabilities']) => {
    if (!setup.capabilities[capability])
      throw new Error(`${capability} is not supported on ${setup.platform}`);
  };

  return {
    getAuthData: logged('getAuthData', () => read('auth')),
    setAuthData: logged('setAuthData', (auth: unknown) => {
      write('auth', auth);
      return true;
    }),
    getModel: logged('getModel', () => setup.model),
    getHardwareId: logged('getHardwareId', () => setup.hardwareId),
    getMetadata: logged('getMetadata', () => ({
      platform: setup.platform,
      model: setup.model,
      capabilities: setup.capabilities,
    })),
    getDeviceInfo: logged('getDeviceInfo', () => ({
      hardware_id: setup.hardwareId,
      os: `${setup.platform} reference wrapper`,
      ip: '10.0.0.42',
      ip_public: null,
      hostname: `${setup.platform}-wrapper`,
      memory: { available: 2_000_000_000, total: 4_000_000_000 },
      storage: { available: 20_000_000_000, total: 32_000_000_000 },
    })),
    storageSet: logged('storageSet', (name: string, value: unknown) => {
      write(`storage:${name}`, value);
      return true;
    }),
    storageGet: logged('storageGet', (name: string) => read(`storage:${name}`)),
    logService: logged('logService', () => true),
    mute: logged('mute', (value: boolean) => {
      requires('mute');
      muted = value === true;
      return { muted };
    }),
    reboot: logged('reboot', () => {
      requires('reboot');
      // After the answer is sent: the player's frame goes away with the "reboot".
      setTimeout(() => device.restartPlayer(), 100);
      return true;
    }),
    clearCache: logged('clearCache', async () => {
      requires('clear_cache');
      if ('caches' in globalThis) for (const name of await caches.keys()) await caches.delete(name);
      return true;
    }),
    screenshot: logged('screenshot', (param: unknown) => {
      requires('screenshot');
      return screenshotDataUrl(doc, `screenshot ${String(param)}`);
    }),
    getMediaCacheURL: logged('getMediaCacheURL', () => {
      requires('media_cache');
      return `${location.origin}/media/`;
    }),
    isMuted: () => muted,
  };
}
