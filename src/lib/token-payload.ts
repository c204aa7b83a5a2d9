/**
 * Reading the access token's payload on the client, with no other code: every page's first script
 * asks `lacksHash` and loads the renewal (token-renewal.ts) only when it is true.
 */

/**
 * The payload of a JWT, or null when the value is not one. The signature is the server's to check;
 * the client only reads what the token says.
 * @example tokenPayload('eyJhbGciOiJIUzI1NiJ9.eyJoYXNoIjoiYSJ9.sig') // { hash: 'a' }
 */
export function tokenPayload(token: string | undefined): Record<string, unknown> | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * docs/product.md, «How things change» and «What we check»: a token whose payload holds no hash
 * is renewed. False without a token, or for a value that is no token at all (nothing to renew).
 * @example lacksHash(undefined) // false
 */
export function lacksHash(token: string | undefined): boolean {
  const payload = tokenPayload(token);
  return payload !== null && (typeof payload.hash !== 'string' || payload.hash === '');
}
