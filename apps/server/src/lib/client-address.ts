import { isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

/**
 * The key a client is counted under (throttling, rate limits) from `request.ip`: an IPv4 address itself, an IPv6
 * address its /64 (a subscriber holds one), as @fastify/rate-limit's default key.
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return `${new Address6(`${address.correctForm()}/64`).startAddress().correctForm()}/64`;
}
