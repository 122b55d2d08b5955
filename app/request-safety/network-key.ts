/**
 * The network a visitor's address stands for, as every per-visitor counter keys it (sign-in, the
 * public forms, the portal's sign-in, public posts, booking): an IPv6 visitor is given a whole /64
 * and can pick any address in it, so it is counted by the /64 prefix; an IPv4 visitor (or an
 * IPv4-mapped IPv6 address) by its own address. Pure.
 */
export function networkKeyOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = address.includes("::") ? [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
