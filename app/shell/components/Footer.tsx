import { useLocation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { LOCALES } from "~/i18n/locale";
import type { FooterLinks } from "~/shell/footer-links";

/** SPEC §2 Footer: language selector for everyone, notices, copyright; feature:dev links; the trade link only in brand 3's theme. */
export function Footer(props: {
  locale: string;
  year: number;
  companyName: string;
  /** The feature:dev links, or none. */
  links: FooterLinks | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  return (
    <footer className="footer">
      <Form method="post" action="/locale" className="footer__language" reloadDocument>
        <label htmlFor="footer-locale">{t("footer.language")}</label>
        <select
          id="footer-locale"
          name="locale"
          defaultValue={props.locale}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {t(`languages.${locale}`)}
            </option>
          ))}
        </select>
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="button button--small">
          {t("footer.apply")}
        </button>
      </Form>
      {props.links && (
        <nav aria-label={t("footer.contactUs")} className="footer__links">
          <a href={props.links.contactUs}>{t("footer.contactUs")}</a>
          <a href={props.links.privacyPolicy}>{t("footer.privacyPolicy")}</a>
          <a href={props.links.termsOfUse}>{t("footer.termsOfUse")}</a>
          {props.links.tradeExport && <a href={props.links.tradeExport}>{t("footer.tradeExport")}</a>}
        </nav>
      )}
      <p className="footer__notice">{t("footer.confidential")}</p>
      <p className="footer__notice">{t("footer.trademark")}</p>
      <p className="footer__copyright">{t("footer.copyright", { year: props.year, company: props.companyName })}</p>
    </footer>
  );
}
