// A key's secret: unguessable, told from an ID token by its prefix, and told from other keys by what lists show.

import { describe, expect, it } from 'vitest';
import { apiKeyPrefix, hashApiKey, isWellFormedApiKey, looksLikeApiKey, newApiKey } from './apiKeySecret';

describe('API key secrets', () => {
  it('makes distinct well-formed keys whose shown prefixes tell them apart', () => {
    const keys = Array.from({ length: 1000 }, newApiKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys.map(apiKeyPrefix)).size).toBe(keys.length);
    for (const key of keys) {
      expect(isWellFormedApiKey(key)).toBe(true);
      expect(looksLikeApiKey(key)).toBe(true);
      // What a list shows is far from what the key needs: at least 200 bits stay unknown.
      expect((key.length - apiKeyPrefix(key).length) * 6).toBeGreaterThanOrEqual(200);
    }
  });

  it('never takes an ID token for a key, and stores nothing of the key but its hash', () => {
    const idToken = 'eyJhbGciOiJFUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';
    expect(looksLikeApiKey(idToken)).toBe(false);
    const key = newApiKey();
    const hash = hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashApiKey(key));
    expect(hashApiKey(newApiKey())).not.toBe(hash);
  });
});
