import { describe, expect, it } from 'vitest';
import { AuthObjectSchema } from './authObject';
import { TOKEN_MAX_LENGTH } from './schemaText';

const auth = { apiToken: 'a.b.c', firebaseTokenV2: 'custom', secret: 's3cret' };

describe('AuthObjectSchema', () => {
  it('accepts the three non-empty strings', () => {
    expect(AuthObjectSchema.parse(auth)).toEqual(auth);
  });

  it('rejects a missing, empty, non-string or oversized member', () => {
    for (const key of ['apiToken', 'firebaseTokenV2', 'secret'] as const) {
      const { [key]: _dropped, ...missing } = auth;
      expect(AuthObjectSchema.safeParse(missing).success).toBe(false);
      expect(AuthObjectSchema.safeParse({ ...auth, [key]: '' }).success).toBe(false);
      expect(AuthObjectSchema.safeParse({ ...auth, [key]: { token: 'x' } }).success).toBe(false);
      expect(AuthObjectSchema.safeParse({ ...auth, [key]: 'x'.repeat(TOKEN_MAX_LENGTH + 1) }).success).toBe(
        false,
      );
      expect(AuthObjectSchema.safeParse({ ...auth, [key]: 'x'.repeat(TOKEN_MAX_LENGTH) }).success).toBe(true);
    }
  });
});
