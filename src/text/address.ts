// How an error names an address taken from an input (base-url, a proxy): by its host alone.

/** What a host name, an IPv4 or bracketed IPv6 address, with an optional port, is made of. */
const HOST = /^[A-Za-z0-9.-]{1,253}(?::\d{0,10})?$|^\[[0-9A-Fa-f:.]{2,45}\](?::\d{0,10})?$/;

/**
 * The host (and port) of an address as a user typed it, for an error message; undefined when no
 * host can be shown. An address may hold a credential: a user name and password before an '@'
 * (`https://u:pw@host`, also mistyped as `u:pw@host` or with an '@' or '/' in the password), a
 * token in its path or query. So nothing but the host is ever shown, whether the address parses or
 * not: the host is what follows the last '@' up to the first '/', '\', '?' or '#'. And it is shown
 * only when it looks like a host: anything else (a key pasted into the wrong input, an address
 * with a space) may be a secret.
 */
export function addressHost(raw: string): string | undefined {
  const at = raw.lastIndexOf('@');
  const rest = at >= 0 ? raw.slice(at + 1) : raw.trim().replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/*/, '');
  const host = rest.split(/[/\\?#]/, 1)[0] ?? '';
  return HOST.test(host) ? host : undefined;
}

/**
 * The part before an address's host that can hold a user name and password ('' when none), so the
 * caller can mask it even when the address does not parse.
 */
export function addressUserInfo(raw: string): string {
  const at = raw.lastIndexOf('@');
  if (at < 0) return '';
  return raw.slice(0, at).replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '');
}

/**
 * The address as an error shows it, after the input's name: ` 'api.example.com'` when the input
 * is that host and nothing else, ` (host 'api.example.com')` when it held more, and '' when no
 * host can be shown.
 */
export function shownAddress(raw: string): string {
  const host = addressHost(raw);
  if (host === undefined) return '';
  return host === raw ? ` '${host}'` : ` (host '${host}')`;
}
