// Unsigned JWT-shaped tokens for tests: the client only reads claims, the server verifies signatures.

const base64Url = (text: string): string =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64Url('{"alg":"none"}')}.${base64Url(JSON.stringify(claims))}.sig`;
}
