declare module "~/events/domain-events" {
  interface DomainEvents {
    /** Sign-ins to this account from unknown devices are paused after wrong passwords (once per pause window). */
    "account.sign-in-paused": { account: { id: string; name: string; email: string }; windowStartedAt: Date };
    /** An address was invited to become an admin, with its one-time link. */
    "admin.invited": { invitation: { email: string; name: string; invitedBy: string; link: string; expiresAt: Date } };
    /** Something changed among the admins (`change`, a sentence): `admin` is one of those to tell. */
    "admins.changed": { admin: { name: string; email: string }; change: string };
  }
}

export {};
