import { echo } from './limits.js';

/** `uri-host [":" port]` of RFC 9110: an IP literal in brackets or a registered name, then an optional port. */
const HOST_SYNTAX = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(?::\d{0,5})?$/;

/**
 * Which `Host` headers a platform on `urls` (base URL, identity provider) responds with the `allowedHosts` option;
 * anything else is a 400 (docs/decisions.md#d-mock-host): the names of `urls` and the configured ones, or any
 * well-formed host (`'any'`).
 */
export function hostPolicy(urls: readonly string[], allowed: readonly string[] | 'any' = []) {
  const names = new Set(urls.map((url) => new URL(url).hostname));
  if (allowed !== 'any') for (const name of allowed) names.add(name.toLowerCase());
  return { names, any: allowed === 'any' };
}
type HostPolicy = ReturnType<typeof hostPolicy>;

/**
 * Why a `Host` header is refused, or undefined when it is served. `target` is the host name the request was
 * addressed to (the URL MSW intercepted, or the server's own address), which is served by definition.
 */
export function hostProblem(header: string, target: string, policy: HostPolicy): string | undefined {
  let hostname: string | undefined;
  try {
    // URL throws for an IPv6 literal that is not one, or a port above 65535: refused below.
    if (HOST_SYNTAX.test(header)) hostname = new URL(`http://${header}`).hostname;
  } catch {}
  if (!hostname)
    return `Host header ${echo(header)} is not a host[:port]; send the host of the URL you called`;
  if (policy.any || hostname === target || policy.names.has(hostname)) return undefined;
  // An IPv4 or IPv6 address (a DNS-rebinding page can never be reached by one), or this machine: `localhost` and
  // its subdomains (RFC 6761).
  if (hostname.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname)) return undefined;
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return undefined;
  return `Host ${echo(hostname)} is not served here; call ${[...policy.names].join(', ')}, localhost or an IP address, or list it in createMockPlatform({ allowedHosts })`;
}
