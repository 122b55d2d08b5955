import { and, eq, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { addressOneOf, declareTable, deletedWithRow, keyNamesAddress, nothingPersonal, oneOf, type Person } from "~/db/personal-data";
import { declarePersonalData, eraseDeclaredRows } from "~/db/personal-data.server";
import { Refusal } from "~/refusal/refusal";
import { account, adminInvitations, instanceSecrets, rateLimit, session, sessionConfirmations, signInEpochs, totpLastSteps, twoFactor, user, userRoles, verification } from "./schema";

const randomId = nothingPersonal("a random id");
const ofAccounts = (column: AnyPgColumn) => (person: Person) => oneOf(column, person.userIds);

/**
 * A sign-up account of the person goes whole: the account, its sessions (with their network
 * addresses and browsers), its password and second factor. An admin's account is never erased
 * here: the erasure is refused until they are removed from the admins.
 */
const tables = [
  declareTable({ table: session, rows: ofAccounts(session.userId), erase: "delete the rows", columns: { id: randomId, userId: randomId, token: deletedWithRow, ipAddress: deletedWithRow, userAgent: deletedWithRow } }),
  declareTable({
    table: account,
    rows: ofAccounts(account.userId),
    erase: "delete the rows",
    columns: { id: randomId, userId: randomId, accountId: deletedWithRow, providerId: nothingPersonal("the kind of sign-in"), accessToken: deletedWithRow, refreshToken: deletedWithRow, idToken: deletedWithRow, scope: deletedWithRow, password: deletedWithRow },
  }),
  declareTable({ table: signInEpochs, rows: ofAccounts(signInEpochs.userId), erase: "delete the rows", columns: { userId: randomId } }),
  declareTable({ table: totpLastSteps, rows: ofAccounts(totpLastSteps.userId), erase: "delete the rows", columns: { userId: randomId } }),
  declareTable({ table: sessionConfirmations, columns: { sessionId: nothingPersonal("a session's random id; the row goes with its session") } }),
  declareTable({
    table: adminInvitations,
    rows: (person) => addressOneOf(adminInvitations.email, person.emails),
    erase: "delete the rows",
    columns: { id: randomId, email: deletedWithRow, name: deletedWithRow, tokenHash: nothingPersonal("a hash of a random link"), invitedByUserId: randomId },
  }),
  declareTable({ table: twoFactor, rows: ofAccounts(twoFactor.userId), erase: "delete the rows", columns: { id: randomId, userId: randomId, secret: deletedWithRow, backupCodes: deletedWithRow } }),
  declareTable({
    table: verification,
    rows: (person) => sql`${oneOf(verification.value, person.userIds)} or ${addressOneOf(verification.identifier, person.emails)} or ${keyNamesAddress(verification.identifier, person.emails)}`,
    erase: "delete the rows",
    columns: { id: randomId, identifier: deletedWithRow, value: deletedWithRow },
  }),
  declareTable({ table: rateLimit, rows: (person) => keyNamesAddress(rateLimit.key, person.emails), erase: "delete the rows", columns: { id: randomId, key: deletedWithRow } }),
  declareTable({ table: userRoles, rows: ofAccounts(userRoles.userId), erase: "delete the rows", columns: { userId: randomId, role: nothingPersonal("the role granted") } }),
  declareTable({ table: user, rows: (person) => oneOf(user.id, person.userIds), erase: "delete the rows", columns: { id: randomId, name: deletedWithRow, email: deletedWithRow, image: deletedWithRow } }),
  declareTable({ table: instanceSecrets, columns: { name: nothingPersonal("this installation's own secrets"), value: nothingPersonal("this installation's own secrets") } }),
];

export const authPersonalData = declarePersonalData({
  domain: "auth",
  tables,
  async identify(executor, person) {
    const rows = await executor.select({ id: user.id }).from(user).where(addressOneOf(user.email, person.emails));
    for (const row of rows) person.userIds.add(row.id);
  },
  async erase(tx, person) {
    if (person.userIds.size > 0) {
      const admins = await tx
        .select({ email: user.email })
        .from(userRoles)
        .innerJoin(user, eq(user.id, userRoles.userId))
        .where(and(inArray(userRoles.userId, [...person.userIds]), eq(userRoles.role, "admin")));
      if (admins[0]) {
        throw new Refusal(`${admins[0].email} signs in to the back-office as an admin. Remove them from the admins first (Settings › Security), then erase.`, {
          status: 409,
          title: "Erasure refused",
        });
      }
    }
    // Dependants first: the account goes last.
    for (const declaration of tables) if (declaration.rows) await eraseDeclaredRows(tx, declaration, person);
  },
});
