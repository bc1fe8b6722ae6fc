import fs from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from './redis';

/** Sends one inline command and answers the first reply line. */
function command(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('error', reject);
    socket.once('data', (data) => {
      socket.destroy();
      resolve(String(data).trim());
    });
    socket.write(`${text}\r\n`);
  });
}

describe('startRedis', () => {
  let redis: RedisServer;
  afterAll(async () => redis?.close());

  it('runs a private redis-server on a free loopback port that can be stopped and started again', async () => {
    redis = await startRedis();
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    expect(await command(redis.port, 'PING')).toBe('+PONG');
    const pid = redis.processId();
    expect(fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).toMatch(/^redis-server/);
    await redis.stop();
    expect(redis.running()).toBe(false);
    expect(redis.processId()).toBeNull();
    await expect(command(redis.port, 'PING')).rejects.toThrow();
    await redis.start();
    expect(await command(redis.port, 'PING')).toBe('+PONG');
    expect(redis.processId()).not.toBe(pid);
  });
});
