import { describe, expect, it } from "vitest";
import { sessionAddress } from "./session-address";

describe("where a session signed in from", () => {
  it("shows an IPv6 network as its /64, short, an IPv4 address as it is, and says when none is known", () => {
    expect(sessionAddress("0000:0000:0000:0000:0000:0000:0000:0000")).toBe("0:0:0:0::/64");
    expect(sessionAddress("2001:0db8:0000:0001:0000:0000:0000:0000")).toBe("2001:db8:0:1::/64");
    expect(sessionAddress("198.51.100.7")).toBe("198.51.100.7");
    expect(sessionAddress(null)).toBe("unknown address");
  });
});
