import { describe, expect, it } from "vitest";
import { carriesWithheldLink, maskOf, sealLinks, unsealed } from "./sealed-links";
import { renderEmailTemplate } from "./template-rendering";

const link = "https://studio.example/portal/sign-in/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";
const template = { subject: "Your link", bodyText: "Open {{PortalSignInLink}} once.", bodyHtml: '<a href="{{PortalSignInLink}}">{{PortalSignInLink}}</a>' };

describe("one-time links in a message", () => {
  it("are masked in what is kept, and put back in what goes out", () => {
    const { shown, sealed } = sealLinks({ PortalSignInLink: link, FirstName: "Rosa" }, ["PortalSignInLink"]);
    expect(shown).toEqual({ PortalSignInLink: "https://studio.example/portal/sign-in/[one-time link withheld]", FirstName: "Rosa" });
    const kept = renderEmailTemplate(template, shown);
    expect(JSON.stringify(kept)).not.toContain("AbCdEf");
    expect(carriesWithheldLink(kept)).toBe(true);
    const sent = unsealed(kept, sealed);
    expect(sent).toEqual(renderEmailTemplate(template, { PortalSignInLink: link, FirstName: "Rosa" }));
    expect(carriesWithheldLink(sent)).toBe(false);
  });

  it("leave a message without one as it is", () => {
    expect(sealLinks({ FirstName: "Rosa" }, ["PortalSignInLink"])).toEqual({ shown: { FirstName: "Rosa" }, sealed: null });
    const kept = renderEmailTemplate(template, { PortalSignInLink: "x" });
    expect(unsealed(kept, null)).toBe(kept);
    expect(maskOf("https://a.example/auth/invitation/secret")).toBe("https://a.example/auth/invitation/[one-time link withheld]");
  });
});
