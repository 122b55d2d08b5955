import { describe, expect, it } from "vitest";
import { networkKeyOf } from "./network-key";

describe("a visitor's network", () => {
  it("is an IPv6 visitor's /64, however the address is written, and an IPv4 (or IPv4-mapped) visitor's own address", () => {
    expect(networkKeyOf("2001:db8:0:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:1::/64");
    expect(networkKeyOf("2001:DB8:0000:0001::7")).toBe("2001:db8:0:1::/64");
    expect(networkKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(networkKeyOf("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(networkKeyOf("198.51.100.7")).toBe("198.51.100.7");
  });
});
