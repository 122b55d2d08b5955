import { describe, expect, it } from "vitest";
import { renderEmailTemplate } from "./template-rendering";
import { DEFAULT_UNSUBSCRIBE_FOOTER, hasUnsubscribePlaceholder, withUnsubscribeLink } from "./unsubscribe-footer";

const url = "https://studio.example/unsubscribe/abc.def&x=$1";

describe("the unsubscribe link of an e-mail", () => {
  it("goes where the template put {{UnsubscribeLink}}, escaped in HTML, with no footer added", () => {
    const body = renderEmailTemplate(
      { subject: "News", bodyHtml: '<p>Hi</p><a href="{{UnsubscribeLink}}">Stop these</a>', bodyText: "Hi\nStop these: {{ UnsubscribeLink }}" },
      { FirstName: "Ana" },
    );
    expect(hasUnsubscribePlaceholder(body)).toBe(true);
    const linked = withUnsubscribeLink(body, url, { footer: true });
    expect(linked.html).toContain('href="https://studio.example/unsubscribe/abc.def&amp;x=$1"');
    expect(linked.text).toContain(`Stop these: ${url}`);
    expect(linked.html).not.toContain(DEFAULT_UNSUBSCRIBE_FOOTER);
    expect(linked.text).not.toContain(DEFAULT_UNSUBSCRIBE_FOOTER);
    expect(hasUnsubscribePlaceholder(linked)).toBe(false);
  });

  it("is added as a footer to marketing mail whose template has no place for it, in HTML and text alike", () => {
    const body = renderEmailTemplate({ subject: "News", bodyHtml: "<p>Hi</p>", bodyText: "Hi" }, {});
    expect(hasUnsubscribePlaceholder(body)).toBe(false);
    const linked = withUnsubscribeLink(body, url, { footer: true, footerText: "You asked us about <websites>." });
    expect(linked.html).toMatch(/You asked us about &lt;websites&gt;\. <a href="https:\/\/studio\.example\/unsubscribe\/abc\.def&amp;x=\$1"[^>]*>Unsubscribe<\/a><\/p>\n<\/body>/);
    expect(linked.text).toBe(`Hi\n\n--\nYou asked us about <websites>.\nUnsubscribe: ${url}\n`);
  });

  it("adds nothing to transactional mail, but never leaves the placeholder raw", () => {
    const plain = { html: "<p>Your invoice</p>", text: "Your invoice" };
    expect(withUnsubscribeLink(plain, url, { footer: false })).toEqual(plain);
    expect(withUnsubscribeLink({ html: "<p>{{UnsubscribeLink}}</p>", text: "x" }, url, { footer: false }).html).toBe(
      "<p>https://studio.example/unsubscribe/abc.def&amp;x=$1</p>",
    );
  });
});
