import { describe, expect, it } from "vitest";
import { PORTAL_LINE, renderEmailTemplate } from "./template-rendering";

describe("renderEmailTemplate", () => {
  const template = { subject: "Hi {{FirstName}}", bodyText: "Code {{PromoCode}} {{Unknown}}", bodyHtml: "<p>{{FirstName}}</p>" };

  it("escapes values in HTML only, and never leaves a raw placeholder in the message", () => {
    const email = renderEmailTemplate(template, { FirstName: 'Jo & "Al" <x>', PromoCode: "LAUNCH-1" });
    expect(email.html).toContain("<p>Jo &amp; &quot;Al&quot; &lt;x&gt;</p>");
    expect(email.text).toBe("Code LAUNCH-1 ");
    expect(renderEmailTemplate(template, { FirstName: null }).subject).toBe("Hi");
  });

  it("escapes the preheader as text, and does not read inherited properties as variables", () => {
    const email = renderEmailTemplate({ ...template, preheader: "<b>Soon</b> {{FirstName}} {{toString}}" }, { FirstName: "<i>Jo</i>" });
    expect(email.html).toContain("&lt;b&gt;Soon&lt;/b&gt; &lt;i&gt;Jo&lt;/i&gt; </div>");
  });

  it("leaves no empty paragraph where a paragraph held only a variable without a value, and keeps a value's line breaks in HTML", () => {
    const note = { subject: "Proposal", bodyText: "Hi,\n\n{{PersonalNote}}\n\nHere it is.", bodyHtml: "<p>Hi,</p>\n<p>{{PersonalNote}}</p>\n<p>Here it is.</p>" };
    const without = renderEmailTemplate(note, { PersonalNote: null });
    expect(without.text).toBe("Hi,\n\nHere it is.");
    expect(without.html).toContain("<p>Hi,</p>\n<p>Here it is.</p>");
    const withNote = renderEmailTemplate(note, { PersonalNote: "Great to meet you.\nTwo options & a deposit." });
    expect(withNote.text).toBe("Hi,\n\nGreat to meet you.\nTwo options & a deposit.\n\nHere it is.");
    expect(withNote.html).toContain("<p>Great to meet you.<br>Two options &amp; a deposit.</p>");
  });

  it("never lets a value break the subject onto a new header line", () => {
    const email = renderEmailTemplate(template, { FirstName: "Jo\r\nBcc: victim@example.com" });
    expect(email.subject).toBe("Hi Jo Bcc: victim@example.com");
  });

  it("ends a client's mail with the portal's address when given one, in both parts, escaped", () => {
    const email = renderEmailTemplate(template, { FirstName: "Jo" }, "Studio", { portalLink: "https://studio.test/portal?a=1&b=2" });
    expect(email.text).toBe(`Code\n\n${PORTAL_LINE} https://studio.test/portal?a=1&b=2\n\n--\nStudio`);
    expect(email.html).toContain('<a href="https://studio.test/portal?a=1&amp;b=2">');
    expect(renderEmailTemplate(template, { FirstName: "Jo" }, undefined, { portalLink: null }).text).not.toContain(PORTAL_LINE);
  });
});
