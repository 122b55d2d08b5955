import { describe, expect, it } from "vitest";
import { networkKeyOf } from "./network-key";

describe("a visitor's network", () => {
  it("is an IPv6 visitor's /64, however the address is written, and an IPv4 (or IPv4-mapped) visitor's own address", () => {
    const networks: [address: string, network: string][] = [
      ["2001:db8:0:1:aaaa:bbbb:cccc:dddd", "2001:db8:0:1::/64"],
      ["2001:DB8:0000:0001::7", "2001:db8:0:1::/64"],
      ["2001:db8::1", "2001:db8:0:0::/64"],
      ["::ffff:198.51.100.7", "198.51.100.7"],
      ["198.51.100.7", "198.51.100.7"],
    ];
    for (const [address, network] of networks) expect(networkKeyOf(address)).toBe(network);
  });
});
