// What the player's controls and action flags do (docs/player.md §Sidebar, §Action flags), on the server,
// in local storage and through the parent or the frame. The parent carries out what only the device can (reboot,
// native cache, mute); the frame what only the content can (its own mute, its screenshot, its device record).

import type { Bridge } from '@marquee/bridge';
import { STORAGE_KEYS } from '@marquee/protocol';
import { rotateCredentials } from '@marquee/player-core';
import type { PlayerSession } from './startPlayer';

export const playerPath = (playerId: string, suffix = '') =>
  `/_internal/players/${encodeURIComponent(playerId)}${suffix}`;

export interface Commands {
  rotateCredentials(): Promise<void>;
  resetAuth(): void;
  hardReset(): Promise<void>;
  resetPairing(): Promise<void>;
  clearCache(): Promise<void>;
  reboot(): Promise<void>;
  applyMute(muted: boolean): Promise<void>;
  screenshot(param: unknown): Promise<void>;
  updateDeviceInfo(): Promise<void>;
  reload(): void;
}

export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('not a data URL');
  const [, type = 'application/octet-stream', base64, payload = ''] = match;
  const text = base64 ? atob(payload) : decodeURIComponent(payload);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type });
}

export function createCommands(session: PlayerSession, frame: () => Bridge | null): Commands {
  const { http, storage, parent, capabilities, logger } = session;
  const id = session.playerId;
  return {
    async rotateCredentials() {
      await session.setAuth(await rotateCredentials(http, id, session.auth().secret));
      session.identity.signOut(); // the old identity's tokens were revoked with the old credentials
      session.reload();
    },
    resetAuth() {
      storage.remove(STORAGE_KEYS.auth);
      session.identity.signOut();
      session.reload();
    },
    async hardReset() {
      await http.request('DELETE', playerPath(id));
      storage.remove(STORAGE_KEYS.auth);
      storage.setPlayerUrl(null);
      session.identity.signOut();
      session.reload();
    },
    async resetPairing() {
      await http.request('DELETE', playerPath(id, '/pairing'));
      storage.setPlayerUrl(null);
      session.reload();
    },
    async clearCache() {
      // The device's own caches through the parent when it has the capability; the browser's otherwise, or when
      // the parent cannot (a parent that never reported it).
      const native =
        capabilities.clear_cache === true && parent !== null
          ? await parent.call('clearCache').then(
              () => true,
              (e: Error) => {
                logger.warn('parent clearCache', e.message);
                return false;
              },
            )
          : false;
      if (!native && 'caches' in globalThis) {
        const keys = await caches.keys();
        await Promise.all(keys.map((key) => caches.delete(key)));
      }
      session.reload();
    },
    async reboot() {
      if (!capabilities.reboot || !parent) throw new Error('reboot is not supported on this platform');
      await parent.call('reboot');
    },
    async applyMute(muted) {
      if (capabilities.mute && parent)
        await parent.call('mute', muted).catch((e: Error) => logger.warn('parent mute', e.message));
      await frame()
        ?.call('setMute', muted)
        .catch((e: Error) => logger.debug('frame mute', e.message));
    },
    async screenshot(param) {
      if (capabilities.screenshot && parent) {
        const image = await parent.call<string>('screenshot', param).catch(() => null);
        if (typeof image === 'string' && image.startsWith('data:')) {
          const blob = dataUrlToBlob(image);
          await http.request('POST', `/logs/${encodeURIComponent(id)}/screenshot`, {
            body: blob,
            contentType: blob.type,
          });
          return;
        }
      }
      const content = frame();
      if (!content) throw new Error('screenshot: no frame to capture');
      await content.call('screenshot', param);
    },
    // The frame owns the on-demand record (docs/player.md §Action flags): it asks getDeviceInfo for the player's
    // record and posts it once, and refuses while it shows the pairing page, where no record is sent.
    async updateDeviceInfo() {
      const content = frame();
      if (!content) throw new Error('update_device_info: no frame to send the device record');
      await content.call('updateDeviceInfo');
    },
    reload: () => session.reload(),
  };
}
