/**
 * `npm run admin:create -- --email ops@maker.example --location "Maker – Vantor" --brand 1
 * [--first-name Ada] [--last-name Admin]`: the first administrator of an installation whose demo
 * seed is off (issue #32 §8), on the configured database (DATABASE_URL, or the PGlite folder in
 * DATA_DIR — stop the portal first: the embedded database belongs to one process). They get a
 * verification e-mail (SMTP_URL, or the outbox and the log) whose link sets their password.
 */
import { parseArgs } from "node:util";
import { parseConfig } from "~/config.server";
import { CommandFailure } from "./command";
import { openDatabase } from "~/db/client.server";
import { deliverQueuedMail, mailTransport } from "~/mail/outbox.server";
import { seedReferenceData } from "~/seed/seed";
import { createFirstAdministrator, firstAdministratorProblem } from "~/seed/first-admin";

/**
 * Creates the administrator; a refusal throws and changes nothing (an unknown option or a bad
 * configuration too: runPortal prints any error's message after the command's name).
 */
export async function adminCreate(argv: string[]): Promise<void> {
  const args = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      location: { type: "string" },
      brand: { type: "string" },
      "first-name": { type: "string", default: "Portal" },
      "last-name": { type: "string", default: "Administrator" },
    },
    strict: true,
  }).values;
  const input = {
    email: args.email ?? "",
    location: args.location ?? "",
    brandId: args.brand === undefined ? undefined : Number(args.brand),
    firstName: args["first-name"],
    lastName: args["last-name"],
  };
  const problem = firstAdministratorProblem(input);
  if (problem) throw new CommandFailure(problem);

  const config = parseConfig({ ...process.env });
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await handle.migrate();
    await seedReferenceData(handle.db);
    const outcome = await createFirstAdministrator(handle.db, input, config.PUBLIC_URL);
    if (outcome.kind === "emailTaken")
      throw new CommandFailure(`${input.email} is already a user: nothing was changed`);
    if (outcome.kind === "noSuchOrganization")
      throw new CommandFailure(`there is no organization ${input.location}: nothing was changed`);
    if (outcome.kind === "brandNeeded")
      throw new CommandFailure(
        `there is no organization named "${input.location}" yet: add --brand to make it the maker's own`,
      );
    await deliverQueuedMail(handle.db, mailTransport(config));
    console.log(
      [
        `admin:create: ${input.email} is a ${outcome.level === "portal" ? "portal-wide" : "dealer"} administrator at organization ${outcome.organizationId}` +
          (outcome.madeOrganization ? " (made now)" : "") +
          (outcome.madeRole ? "; the administrator role was made with every grantable feature" : ""),
        `A verification e-mail went to ${input.email}: its link sets the password (then sign in at ${config.PUBLIC_URL}).`,
      ].join("\n"),
    );
  } finally {
    await handle.close();
  }
}
