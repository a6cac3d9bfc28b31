import type { FooterLinks } from "~/shell/footer-links";
import { useTranslation } from "~/translate/react";

interface Menus {
  adminMenu: {
    regions: { regionCode: string | null; applications: { id: string; name: string }[] }[];
    portal: { labelKey: string; to: string }[];
  } | null;
  mainLinks: { labelKey: string; to: string }[];
  applications: { id: string; name: string }[];
  footerLinks: FooterLinks | null;
}

/** The user's header menus and footer links in a preview: what they list, named, not followed. */
export function PreviewMenus({ menus }: { menus: Menus }) {
  const { t } = useTranslation();
  const adminEntries = menus.adminMenu
    ? [
        ...menus.adminMenu.regions.flatMap((region) => region.applications.map((app) => app.name)),
        ...menus.adminMenu.portal.map((link) => t(link.labelKey)),
      ]
    : [];
  const footer = menus.footerLinks
    ? [
        t("footer.contactUs"),
        t("footer.privacyPolicy"),
        t("footer.termsOfUse"),
        ...(menus.footerLinks.tradeExport ? [t("footer.tradeExport")] : []),
      ]
    : [];
  return (
    <section aria-labelledby="preview-menus" className="preview__menus">
      <h2 id="preview-menus">{t("preview.menus")}</h2>
      <MenuList
        title={t("preview.mainMenu")}
        entries={menus.mainLinks.map((link) => t(link.labelKey))}
        testId="preview-main-menu"
      />
      <MenuList
        title={t("nav.myApplications")}
        entries={menus.applications.map((app) => app.name)}
        testId="preview-applications-menu"
      />
      {menus.adminMenu && <MenuList title={t("nav.admin")} entries={adminEntries} testId="preview-admin-menu" />}
      {footer.length > 0 && <MenuList title={t("preview.footer")} entries={footer} testId="preview-footer" />}
    </section>
  );
}

function MenuList({ title, entries, testId }: { title: string; entries: string[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="preview__menu" data-testid={testId}>
      <h3>{title}</h3>
      {entries.length === 0 ? (
        <p className="empty-state">{t("preview.menuEmpty")}</p>
      ) : (
        <ul className="plain-list">
          {entries.map((entry, index) => (
            <li key={index}>{entry}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
