import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, serverNodeFlags } from './serverNode';

describe('serverNodeFlags', () => {
  it('starts a node on its own (SQLite, or PostgreSQL without Redis) as npm start does, a scale-out node without', () => {
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=32');
    expect(serverNodeFlags({})).toEqual(SERVER_NODE_FLAGS);
    expect(serverNodeFlags({ DATABASE_URL: 'postgres://db/marquee', REDIS_URL: '' })).toEqual(
      SERVER_NODE_FLAGS,
    );
    expect(
      serverNodeFlags({ DATABASE_URL: 'postgres://db/marquee', REDIS_URL: 'redis://cache:6379' }),
    ).toEqual([]);
  });
});
