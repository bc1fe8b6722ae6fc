import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { MemoryStorage } from './memoryStorage';
import { storeRemoteLogLevel } from './remoteLogLevel';
import { createPlayerStorage } from './storage';

function setup() {
  const storage = createPlayerStorage(new MemoryStorage());
  const written: string[] = [];
  const logger = createLogger({
    service: 'test',
    level: () => storage.getLogLevel(),
    console: {
      error: () => written.push('error'),
      warn: () => written.push('warn'),
      info: () => written.push('info'),
      debug: () => written.push('debug'),
      log: () => written.push('log'),
    },
  });
  const writeEach = () => {
    written.length = 0;
    logger.error('e');
    logger.info('i');
    logger.debug('d');
    return [...written];
  };
  return { storage, writeEach };
}

describe('storeRemoteLogLevel', () => {
  it("keeps the remote level under 'logging', where the logger reads it", () => {
    const { storage, writeEach } = setup();
    storeRemoteLogLevel(storage, { logLevel: 'debug' });
    expect(storage.get('logging')).toEqual({ logLevel: 'debug' });
    expect(writeEach()).toEqual(['error', 'info', 'debug']);
    storeRemoteLogLevel(storage, { logLevel: 0 });
    expect(writeEach()).toEqual(['error']);
  });

  it('removes the key for a removed or malformed value: the level is info again', () => {
    const { storage, writeEach } = setup();
    storeRemoteLogLevel(storage, { logLevel: 0 });
    storeRemoteLogLevel(storage, null);
    expect(storage.get('logging')).toBeNull();
    expect(writeEach()).toEqual(['error', 'info']);
    storeRemoteLogLevel(storage, 4);
    expect(storage.get('logging')).toBeNull();
  });
});
