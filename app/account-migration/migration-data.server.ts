import { translatorFor } from "~/i18n/i18next.server";
import { LOCALES, type Locale } from "~/i18n/locale";
import { securityQuestionsIn } from "./questions";
import type { MigrationData } from "./AccountMigrationModal";

/** The user's name and e-mail as their identity token gives them. */
interface NamedUser {
  claims: { name?: string | null; email?: string | null };
}

/** What the migration modal needs: the questions in the user's language and the names the password may not contain. */
export function migrationDataFor(user: NamedUser, locale: Locale): MigrationData {
  return {
    questions: securityQuestionsIn(translatorFor(locale)),
    names: [user.claims.name, user.claims.email?.split("@")[0]].filter((n): n is string => Boolean(n)),
  };
}

/** Every offered question's text in every language: a form may have been shown in another one. */
export function everySecurityQuestionText(): string[] {
  return LOCALES.flatMap((locale) => securityQuestionsIn(translatorFor(locale)).map((q) => q.value));
}
