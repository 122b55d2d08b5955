/** What the Email tab shows of SMTP_URL: where mail goes and as whom, never the password. Pure. */
export type SmtpConnection = { configured: false } | { configured: true; secure: boolean; host: string; port: string; user: string | null };

export function describeSmtpUrl(url: string | undefined): SmtpConnection {
  if (!url) return { configured: false };
  try {
    const parsed = new URL(url);
    const secure = parsed.protocol === "smtps:";
    return {
      configured: true,
      secure,
      host: parsed.hostname,
      port: parsed.port || (secure ? "465" : "587"),
      user: parsed.username ? decodeURIComponent(parsed.username) : null,
    };
  } catch {
    return { configured: true, secure: false, host: "(unreadable SMTP_URL)", port: "", user: null };
  }
}
