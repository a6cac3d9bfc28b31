import { Link } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { opensInNewTab, type Launcher, type LauncherItem } from "~/applications/launcher";
import { useReadOnly } from "~/ui/read-only";

/** An application link: a new tab for links containing http, an in-app route otherwise. */
export function ApplicationLink({
  item,
  className,
  children,
}: {
  item: Pick<LauncherItem, "link">;
  className?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  // Read-only (a preview): the application is named, not opened as the one looking.
  if (useReadOnly()) return <span className={className}>{children}</span>;
  if (opensInNewTab(item.link)) {
    return (
      <a href={item.link} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        <span className="visually-hidden"> ({t("launcher.newTab")})</span>
      </a>
    );
  }
  return (
    <Link to={item.link} className={className}>
      {children}
    </Link>
  );
}

export function useCategoryName() {
  const { t } = useTranslation();
  return (name: string) => t(`categories.${name}`, { defaultValue: name });
}

/** SPEC §2 My applications: by region (headings only with several), then category; an empty message with none. */
export function LauncherView({ launcher, headingLevel = 2 }: { launcher: Launcher; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  const RegionHeading = `h${headingLevel}` as "h2";
  // Categories sit one level below the region headings, or in their place when those are not shown.
  const CategoryHeading = `h${launcher.showRegionHeadings ? headingLevel + 1 : headingLevel}` as "h3";
  if (launcher.regions.length === 0) return <p className="empty-state">{t("nav.myApplicationsEmpty")}</p>;
  return (
    <div className="launcher">
      {launcher.regions.map((region) => (
        <section
          key={region.regionCode ?? "none"}
          className="launcher__region"
          aria-label={region.regionCode ? t(`regions.${region.regionCode}`) : t("launcher.adminTools")}
        >
          {launcher.showRegionHeadings && region.regionCode && (
            <RegionHeading className="launcher__region-name">{t(`regions.${region.regionCode}`)}</RegionHeading>
          )}
          {region.categories.map((category) => (
            <div key={category.name ?? "none"} className="launcher__category">
              {category.name && (
                <CategoryHeading className="launcher__category-name">{categoryName(category.name)}</CategoryHeading>
              )}
              <ul className="launcher__grid">
                {category.items.map((item) => (
                  <li key={`${category.name}-${item.id}`}>
                    <ApplicationLink item={item} className="app-card">
                      <span className="app-card__name">{item.name}</span>
                      {item.description && <span className="app-card__description">{item.description}</span>}
                    </ApplicationLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
