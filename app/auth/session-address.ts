import { networkKeyOf } from "~/request-safety/network-key";

/**
 * Where a session signed in from, as the Security tab lists it. better-auth keeps an IPv6 visitor's
 * /64 written out in full (`::1` becomes eight groups of zeros), which reads as no address at all:
 * it is shown as the network it is ("2001:db8:0:1::/64"); an IPv4 address as it is.
 */
export function sessionAddress(ipAddress: string | null): string {
  return ipAddress ? networkKeyOf(ipAddress) : "unknown address";
}
