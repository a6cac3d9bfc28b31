import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database, Executor } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { logger } from "~/logger.server";
import { deliveryFailureCounts } from "./delivery-failure";

/** One e-mail: plain text, one recipient. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes: an SMTP server, or the log when none is configured. */
export interface MailTransport {
  kind: "smtp" | "log";
  send(mail: Mail & { id: number }): Promise<void>;
}

/** How long a deliverer holds a row it took; after that another may retry it. */
const CLAIM_MS = 5 * 60 * 1000;
/** A message the mail server refused this often is left for an operator (its last error is on the row). */
export const MAX_DELIVERY_ATTEMPTS = 5;

/**
 * The messages still to be delivered, as a plain-SQL `from … where …` for the statements that
 * report on the outbox (readiness, metrics): not sent, and not yet given up on.
 */
export const WAITING_MAIL_SQL = `email_outbox where sent_at is null and attempts < ${MAX_DELIVERY_ATTEMPTS}`;

/**
 * Queues a message in the caller's transaction: it is sent only if the change that causes it
 * commits. Call `deliverSoon` after the commit.
 */
export async function queueMail(executor: Executor, ...mails: Mail[]): Promise<void> {
  // A bulk import queues thousands: a few statements, each well below PostgreSQL's 65 535 parameters.
  for (let start = 0; start < mails.length; start += MAIL_INSERT_BATCH) {
    await executor
      .insert(emailOutbox)
      .values(
        mails
          .slice(start, start + MAIL_INSERT_BATCH)
          .map((mail) => ({ toAddress: mail.to, subject: mail.subject, text: mail.text })),
      );
  }
}
const MAIL_INSERT_BATCH = 5000;

/** The transport for the configuration: SMTP_URL's server, else the log (with the text outside production). */
export function mailTransport(config: { SMTP_URL?: string; MAIL_FROM: string; isProduction: boolean }): MailTransport {
  if (!config.SMTP_URL) {
    return {
      kind: "log",
      async send(mail) {
        // Without an SMTP server the demo reads links here; production logs only that a message waits.
        if (config.isProduction) logger.warn({ outboxId: mail.id }, "e-mail not sent: SMTP_URL is not set");
        else
          logger.info(
            { outboxId: mail.id, to: mail.to, subject: mail.subject, text: mail.text },
            "e-mail (no SMTP_URL)",
          );
      },
    };
  }
  const smtp = nodemailer.createTransport(config.SMTP_URL);
  return {
    kind: "smtp",
    async send(mail) {
      await smtp.sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/**
 * Sends what waits in the outbox, oldest first. Each row is claimed before it is sent, so two
 * instances never send the same message at once; a failure is recorded and retried on a later run.
 */
export async function deliverQueuedMail(
  database: Database,
  transport: MailTransport,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  const claimed = await database
    .update(emailOutbox)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${emailOutbox.attempts} + 1` })
    .where(
      sql`${emailOutbox.id} in (${database
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            isNull(emailOutbox.sentAt),
            lt(emailOutbox.attempts, MAX_DELIVERY_ATTEMPTS),
            or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, now)),
          ),
        )
        .orderBy(asc(emailOutbox.id))
        .limit(50)
        .for("update", { skipLocked: true })})`,
    )
    .returning();
  let sent = 0;
  let failed = 0;
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    try {
      await transport.send({ id: row.id, to: row.toAddress, subject: row.subject, text: row.text });
      await database
        .update(emailOutbox)
        .set({ sentAt: new Date(), claimedUntil: null, lastError: null })
        .where(eq(emailOutbox.id, row.id));
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const counts = deliveryFailureCounts(error);
      await database
        .update(emailOutbox)
        .set({
          claimedUntil: null,
          lastError: message.slice(0, 500),
          // The server was away: the attempt taken when the row was claimed is given back.
          ...(counts ? {} : { attempts: sql`${emailOutbox.attempts} - 1` }),
        })
        .where(eq(emailOutbox.id, row.id));
      logger.warn({ outboxId: row.id, err: message, counted: counts }, "e-mail delivery failed; it will be retried");
      failed += 1;
    }
  }
  return { sent, failed };
}

/** What the server set at start, so a route's `deliverSoon` delivers through it. */
let delivery: { database: () => Database; transport: MailTransport; running: Promise<unknown> } | undefined;

/** Set by the server at start: which database and transport `deliverSoon` uses. */
export function setMailDelivery(database: () => Database, transport: MailTransport): void {
  delivery = { database, transport, running: Promise.resolve() };
}

/** Delivers the queue in the background, one run after another (a call after a commit that queued mail). */
export function deliverSoon(): Promise<unknown> {
  const current = delivery;
  if (!current) return Promise.resolve();
  current.running = current.running
    .then(() => deliverQueuedMail(current.database(), current.transport))
    .catch((error: unknown) =>
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "e-mail delivery run failed"),
    );
  return current.running;
}
