import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";

/** The messages queued for one address, oldest first: their subject and text. */
export function mailsTo(database: Database, email: string) {
  return database
    .select({ subject: emailOutbox.subject, text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(emailOutbox.id);
}
