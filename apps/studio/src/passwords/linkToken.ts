// The token of an emailed or copied link (an invitation, a password reset), carried in the URL's fragment
// (`#token=…`) so it never reaches a server's or a proxy's logs.

export function linkToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token === null || token === '' ? null : token;
}
