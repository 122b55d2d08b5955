import { DrizzleQueryError } from "drizzle-orm/errors";
import { DatabaseError } from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./database-outage";

/** A server's error message as node-postgres makes it: its SQLSTATE in `code`. */
function serverError(message: string, code: string): DatabaseError {
  const error = new DatabaseError(message, 0, "error");
  error.code = code;
  return error;
}

function systemError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: "connect" });
}

describe("whether an error says the database could not be reached", () => {
  it("is so for a connection refused, reset or timed out, and for each of a failed dual-stack connect's errors", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]) expect(isDatabaseUnreachable(systemError(code))).toBe(true);
    expect(isDatabaseUnreachable(new AggregateError([systemError("ECONNREFUSED"), systemError("ECONNREFUSED")]))).toBe(true);
  });

  it("is so for a server shutting down, starting up or refusing connections", () => {
    expect(isDatabaseUnreachable(serverError("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnreachable(serverError("the database system is starting up", "57P03"))).toBe(true);
    expect(isDatabaseUnreachable(serverError("the database system is shutting down", "57P03"))).toBe(true);
    expect(isDatabaseUnreachable(serverError("connection failure", "08006"))).toBe(true);
    expect(isDatabaseUnreachable(serverError("sorry, too many clients already", "53300"))).toBe(true);
  });

  it("is so for node-postgres's words for a connection lost mid-query, under Drizzle's error that names the SQL", () => {
    const lost = new Error("Connection terminated unexpectedly");
    expect(isDatabaseUnreachable(new DrizzleQueryError("select 1", [], lost))).toBe(true);
    // The rollback after a cut connection fails too, and is what the transaction throws.
    const rollback = new DrizzleQueryError("rollback", [], new Error("Client has encountered a connection error and is not queryable"));
    expect(isDatabaseUnreachable(rollback)).toBe(true);
    expect(isDatabaseUnreachable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("is not so for a query the server refused, this process closing its own connections, or anything else", () => {
    expect(isDatabaseUnreachable(new DrizzleQueryError("insert …", [], serverError("duplicate key value violates unique constraint", "23505")))).toBe(false);
    expect(isDatabaseUnreachable(serverError('relation "nothing" does not exist', "42P01"))).toBe(false);
    expect(isDatabaseUnreachable(new Error("Connection terminated"))).toBe(false);
    expect(isDatabaseUnreachable(new Error("Client was closed and is not queryable"))).toBe(false);
    expect(isDatabaseUnreachable(new Error("Cannot use a pool after calling end on the pool"))).toBe(false);
    expect(isDatabaseUnreachable(new TypeError("undefined is not a function"))).toBe(false);
    expect(isDatabaseUnreachable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });

  it("stops on a chain of causes that loops", () => {
    const first = new Error("first") as Error & { cause?: unknown };
    const second = new Error("second", { cause: first });
    first.cause = second;
    expect(isDatabaseUnreachable(first)).toBe(false);
  });
});
