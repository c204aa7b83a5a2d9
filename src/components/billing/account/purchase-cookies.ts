/**
 * The purchase-flow cookies (docs/product.md, «What we keep»): readable by the page, path /,
 * SameSite=Lax, for the browser session; cleared on logout. A redirect that sets them is built by
 * hand: Astro's cookie jar is not applied to redirects here.
 */
export function redirectWithPurchaseCookies(
  location: string,
  cookies: Record<string, string>,
  secure: boolean,
  clear: readonly string[] = [],
): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  const tail = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  for (const [name, value] of Object.entries(cookies))
    headers.append('Set-Cookie', `${name}=${encodeURIComponent(value)}${tail}`);
  for (const name of clear) headers.append('Set-Cookie', `${name}=; Max-Age=0${tail}`);
  return new Response(null, { status: 303, headers });
}
