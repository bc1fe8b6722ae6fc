// The tokens of invitation and password-reset links (docs/teams.md): 32 random bytes, base64url, shown once in the
// link; only their SHA-256 is stored, so a copy of the database cannot be turned into a working link. The token
// travels in the link's fragment (#token=…), which browsers never send to a server nor put in a Referer.

import { createHash } from 'node:crypto';
import { randomToken } from '../ids';

export interface LinkToken {
  token: string;
  /** What is stored: the token's SHA-256, hex. */
  hash: string;
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newLinkToken(): LinkToken {
  const token = randomToken(32);
  return { token, hash: hashLinkToken(token) };
}

/** The studio page at `page` with the token in the fragment. */
export function studioLink(
  publicUrl: string,
  page: 'accept-invitation' | 'reset-password',
  token: string,
): string {
  return `${publicUrl}/studio/${page}#token=${token}`;
}
