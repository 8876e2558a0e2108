import { isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

/**
 * The key under which a client is counted (login throttling, rate limits), from `request.ip`
 * (which Fastify takes from X-Forwarded-For only for the proxies TRUST_PROXY names).
 * IPv4 and IPv4-mapped IPv6 addresses count as themselves; any other IPv6 address counts as its
 * /64 network, because one subscriber usually holds a whole /64 and could otherwise take a fresh
 * address for every guess. (The same rule as @fastify/rate-limit's default key.)
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return `${new Address6(`${address.correctForm()}/64`).startAddress().correctForm()}/64`;
}
