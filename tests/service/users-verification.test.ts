import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, emailOutbox, identities, roleAssignments, securityRoles } from "~/db/schema";
import { translatorFor } from "~/i18n/i18next.server";
import { checkCredentials } from "~/security/credentials.server";
import { deliverQueuedMail, mailTransport, MAX_DELIVERY_ATTEMPTS, type MailTransport } from "~/mail/outbox.server";
import { locationIdsOf } from "~/permissions/dealer-locations.server";
import { completeVerification, resendVerification, verificationLink } from "~/users/verification.server";
import { mailsTo, startMailSink, verificationLinkIn, type MailSink } from "../support/mail-sink";
import type { Actor } from "~/permissions/actor";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

const PUBLIC_URL = "https://portal.example.com";
const HOUR = 3_600_000;
const tokenOf = (text: string) => verificationLinkIn(text)!.split("/").pop()!;

describe.each(BACKENDS)("issue #14 §3 verification e-mail on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let admin: Actor;
  let newcomerId: number;
  let sink: MailSink;
  let folder: string;
  const quiet: MailTransport = { kind: "log", send: async () => undefined };

  /** The latest verification e-mail in the outbox for the newcomer, and its token. */
  async function latestToken(): Promise<string> {
    const rows = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "newcomer@example.com"));
    return tokenOf(rows.sort((a, b) => b.id - a.id)[0].text);
  }

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    admin = await actorOf(handle.db, "admin@example.com");
    const [location] = await locationIdsOf(handle.db, adminId);
    const [role] = await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "DEALER_STAFF"));
    const [newcomer] = await handle.db
      .insert(identities)
      .values({
        email: "newcomer@example.com",
        firstName: "Ada",
        lastName: "Lindqvist",
        userType: "external",
        serialNumber: "SN-NEWCOMER",
        preferredLanguage: "de",
      })
      .returning();
    newcomerId = newcomer.id;
    await handle.db
      .insert(roleAssignments)
      .values({ identityId: newcomerId, securityRoleId: role.id, organizationId: location, isPreferred: true });
    folder = mkdtempSync(path.join(os.tmpdir(), "mail-sink-"));
    sink = await startMailSink(folder);
  });
  afterAll(async () => {
    await sink?.close();
    await handle?.close();
  });

  it("resend verification queues a link in the user's language, valid for 72 hours", async () => {
    const now = new Date();
    expect(await resendVerification(handle.db, admin, newcomerId, PUBLIC_URL, now)).toEqual({ kind: "sent" });
    const [mail] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "newcomer@example.com"));
    expect(mail.subject).toBe(translatorFor("de")("verificationMail.subject"));
    expect(mail.subject).not.toBe(translatorFor("en")("verificationMail.subject"));
    expect(verificationLinkIn(mail.text)).toMatch(/^https:\/\/portal\.example\.com\/verify-email\//);
    const token = tokenOf(mail.text);
    expect(await verificationLink(handle.db, token, new Date(now.getTime() + 71 * HOUR))).toMatchObject({
      state: "valid",
      user: { firstName: "Ada", lastName: "Lindqvist", email: "newcomer@example.com" },
    });
    expect(await verificationLink(handle.db, token, new Date(now.getTime() + 72 * HOUR))).toEqual({ state: "lapsed" });
  });

  it("a lapsed link sets nothing; a resend replaces the old link", async () => {
    const old = await latestToken();
    const later = new Date(Date.now() + 73 * HOUR);
    expect(await completeVerification(handle.db, old, "Str0ng#Secret", later)).toEqual({ kind: "lapsed" });
    expect(await resendVerification(handle.db, admin, newcomerId, PUBLIC_URL)).toEqual({ kind: "sent" });
    expect((await verificationLink(handle.db, old)).state).toBe("invalid");
    expect((await verificationLink(handle.db, await latestToken())).state).toBe("valid");
  });

  it("an unverified user cannot sign in, even with a password on record", async () => {
    await handle.db
      .update(identities)
      .set({ passwordHash: await hash("Str0ng#Secret") })
      .where(eq(identities.id, newcomerId));
    expect(await checkCredentials(handle.db, "newcomer@example.com", "Str0ng#Secret")).toEqual({
      ok: false,
      reason: "unverified",
    });
  });

  it("a valid link verifies the e-mail and sets the password once; the user then signs in; audited", async () => {
    const token = await latestToken();
    expect(await completeVerification(handle.db, token, "Fresh#Start26")).toMatchObject({ kind: "verified" });
    expect(await checkCredentials(handle.db, "newcomer@example.com", "Fresh#Start26")).toEqual({
      ok: true,
      identityId: newcomerId,
    });
    expect(await completeVerification(handle.db, token, "Other#Pass26")).toEqual({ kind: "invalid" });
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, newcomerId), eq(auditLog.field, "emailVerifiedAt")),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0].changedBy).toBe(newcomerId);
    expect(await resendVerification(handle.db, admin, newcomerId, PUBLIC_URL)).toEqual({ kind: "verified" });
  });

  it("resend answers missing for another dealer's user (issue #14 §1)", async () => {
    const outsider = await identityIdOf(handle.db, "halden@example.com");
    expect(await resendVerification(handle.db, admin, outsider, PUBLIC_URL)).toEqual({ kind: "missing" });
  });

  it("the outbox is delivered by a real SMTP server, each message once even with two deliverers at once", async () => {
    const smtp = mailTransport({ SMTP_URL: sink.url, MAIL_FROM: "Portal <portal@example.com>", isProduction: false });
    const [first, second] = await Promise.all([deliverQueuedMail(handle.db, smtp), deliverQueuedMail(handle.db, smtp)]);
    const pending = await handle.db.select().from(emailOutbox);
    expect(first.sent + second.sent).toBe(pending.length);
    expect(pending.every((row) => row.sentAt !== null)).toBe(true);
    const received = mailsTo(folder, "newcomer@example.com");
    expect(received).toHaveLength(pending.length);
    expect(verificationLinkIn(received[0].text)).toMatch(/\/verify-email\//);
    expect(received[0].subject).toBe(pending[0].subject);
    expect(await deliverQueuedMail(handle.db, smtp)).toEqual({ sent: 0, failed: 0 });
  });

  it("a message the server refuses is kept, counted and retried later, up to the limit", async () => {
    const [row] = await handle.db
      .insert(emailOutbox)
      .values({ toAddress: "someone@example.com", subject: "s", text: "t" })
      .returning();
    const refusing: MailTransport = {
      kind: "smtp",
      send: async () => {
        throw Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550 });
      },
    };
    expect(await deliverQueuedMail(handle.db, refusing)).toEqual({ sent: 0, failed: 1 });
    const [after] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(after).toMatchObject({
      attempts: 1,
      lastError: "550 mailbox unavailable",
      sentAt: null,
      claimedUntil: null,
    });
    for (let i = 1; i < MAX_DELIVERY_ATTEMPTS; i++) await deliverQueuedMail(handle.db, refusing);
    expect(await deliverQueuedMail(handle.db, quiet)).toEqual({ sent: 0, failed: 0 });
  });

  it("issue #37 §3: a server that cannot be reached uses up no attempt: the message waits however long it is away", async () => {
    const [row] = await handle.db
      .insert(emailOutbox)
      .values({ toAddress: "patient@example.com", subject: "s", text: "t" })
      .returning();
    const away: MailTransport = {
      kind: "smtp",
      send: async () => {
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ESOCKET" });
      },
    };
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 2; i++)
      expect(await deliverQueuedMail(handle.db, away)).toMatchObject({ failed: 1 });
    const [after] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(after).toMatchObject({ attempts: 0, sentAt: null, lastError: "connect ECONNREFUSED 127.0.0.1:25" });
    const sent: string[] = [];
    const back: MailTransport = { kind: "smtp", send: async (mail) => void sent.push(mail.to) };
    expect(await deliverQueuedMail(handle.db, back)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual(["patient@example.com"]);
  });
});
