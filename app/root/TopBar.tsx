import { Link, NavLink, useLocation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/translate/react";
import type { AdminMenu, ShellUser } from "~/root/shell-data.server";
import { logoOf, type BrandId } from "~/theme/theme";
import { withSearchParam } from "~/ui/search-params";
import { ApplicationLink } from "~/applications/components/LauncherView";
import { forgetTypingDrafts } from "~/ui/typing-draft-store";
import { QueuedChanges } from "~/ui/offline-queue";
import { forgetQueuedPosts } from "~/forms/offline-queue-store";
import { changePasswordHref } from "~/account-migration/routes";
import { securityReviewHref } from "~/security-review/routes";

/** Closes an open <details> menu when a click lands outside it or Escape is pressed (JS nicety). */
function useDismissableDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownKey = useRef(location.key);
  useEffect(() => {
    // Close after a navigation, not on the first render (a menu opened before hydration stays open).
    if (shownKey.current !== location.key && ref.current) ref.current.open = false;
    shownKey.current = location.key;
  }, [location.key]);
  useEffect(() => {
    function onPointer(event: MouseEvent) {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape" && ref.current?.open) {
        ref.current.open = false;
        ref.current.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("click", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return ref;
}

/**
 * Sign-out leaves nothing of the user's input in this browser: typing drafts and waiting posts
 * (the answer's Clear-Site-Data removes the site's storage too; this does not rely on it arriving).
 */
function forgetBrowserCopies() {
  forgetTypingDrafts();
  void forgetQueuedPosts().catch(() => undefined);
}

/**
 * The Admin menu's entries (SPEC §2): each region's admin applications under the region's name,
 * then the portal's own admin screens; a flat list of those when no region has any.
 */
function AdminMenuEntries({ menu }: { menu: AdminMenu }) {
  const { t } = useTranslation();
  const portal = menu.portal.map((link) => (
    <li key={link.to}>
      <Link to={link.to}>{t(link.labelKey)}</Link>
    </li>
  ));
  if (menu.regions.length === 0) return <>{portal}</>;
  const group = (key: string, label: string, entries: ReactNode) => (
    <li key={key} className="menu__group">
      <span className="menu__group-label" aria-hidden="true">
        {label}
      </span>
      <ul aria-label={label}>{entries}</ul>
    </li>
  );
  return (
    <>
      {menu.regions.map((region) =>
        group(
          region.regionCode ?? "none",
          region.regionCode ? t(`regions.${region.regionCode}`) : t("nav.otherApplications"),
          region.applications.map((app) => (
            <li key={app.id}>
              <ApplicationLink item={app}>{app.name}</ApplicationLink>
            </li>
          )),
        ),
      )}
      {menu.portal.length > 0 && group("portal", t("nav.portalAdmin"), portal)}
    </>
  );
}

function AdminMenuDropdown({ menu }: { menu: AdminMenu }) {
  const { t } = useTranslation();
  const ref = useDismissableDetails();
  return (
    <details className="menu" ref={ref} data-testid="admin-menu">
      <summary>{t("nav.admin")}</summary>
      <ul className="menu__list">
        <AdminMenuEntries menu={menu} />
      </ul>
    </details>
  );
}

/**
 * The header's My applications dropdown (SPEC §2), a flat list in launcher order. On home, where
 * the launcher lists the same applications, the list is rendered only once the menu is opened
 * (with JavaScript); before that, and without JavaScript, the menu leads to the launcher below.
 */
function ApplicationsMenu({ applications }: { applications: ShellUser["applications"] }) {
  const { t } = useTranslation();
  const ref = useDismissableDetails();
  const onHome = useLocation().pathname === "/";
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    // Opened before the page was interactive.
    if (ref.current?.open) setOpened(true);
  }, [ref]);
  const listed = !onHome || opened;
  return (
    <details className="menu" ref={ref} data-testid="applications-menu" onToggle={() => setOpened(true)}>
      <summary>{t("nav.myApplications")}</summary>
      <div className="menu__list">
        {!listed ? (
          <p className="menu__empty">
            <a href="#my-applications">{t("nav.myApplications")}</a>
          </p>
        ) : applications.length === 0 ? (
          <p className="menu__empty">{t("nav.myApplicationsEmpty")}</p>
        ) : (
          <ul>
            {applications.map((app) => (
              <li key={app.id}>
                <ApplicationLink item={app}>{app.name}</ApplicationLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}

function ProfileMenu({ user, accountSecurityUrl }: { user: ShellUser; accountSecurityUrl: string }) {
  const { t } = useTranslation();
  const ref = useDismissableDetails();
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  return (
    <details className="menu menu--end" ref={ref} data-testid="profile-menu">
      <summary aria-label={t("profile.menu", { name: user.name })}>
        {/* The initials are drawn by CSS (::before): a picture, not text, so the menu's visible
            label stays the name its accessible name contains (WCAG 2.5.3). */}
        <span
          className="avatar"
          aria-hidden="true"
          data-initials={user.name
            .split(" ")
            .map((part) => part[0])
            .slice(0, 2)
            .join("")}
        />
        <span className="menu__name">{user.name}</span>
      </summary>
      <div className="menu__list menu__list--profile">
        <p className="profile__name">{user.name}</p>
        {user.organization && <p className="profile__detail">{user.organization}</p>}
        <p className="profile__detail">{user.email}</p>
        <ul>
          {user.canOpenPreferences && (
            <li>
              <Link to="/preferences">{t("profile.preferences")}</Link>
            </li>
          )}
          {user.showPasswordSecurity && (
            <li>
              {accountSecurityUrl.startsWith("/") ? (
                <Link to={accountSecurityUrl}>{t("profile.passwordSecurity")}</Link>
              ) : (
                <a href={accountSecurityUrl} target="_blank" rel="noopener noreferrer">
                  {t("profile.passwordSecurity")}
                </a>
              )}
            </li>
          )}
          {user.onDemand.securityReview && (
            <li>
              <Link to={securityReviewHref(returnTo)}>{t("profile.securityReview")}</Link>
            </li>
          )}
          {user.onDemand.changePassword && (
            <li>
              <Link to={changePasswordHref(returnTo)}>{t("profile.changePassword")}</Link>
            </li>
          )}
          {user.brands.length > 1 && (
            <li>
              <Link to={withSearchParam(location, "modal", "brands")} preventScrollReset>
                {t("profile.changeBrands")}
                {user.unreadTotal > 0 && (
                  <span className="badge" data-testid="unread-badge">
                    <span aria-hidden="true">{user.unreadTotal}</span>
                    <span className="visually-hidden">{t("profile.unread", { count: user.unreadTotal })}</span>
                  </span>
                )}
              </Link>
            </li>
          )}
          <li>
            <Form method="post" action="/logout" reloadDocument onSubmit={forgetBrowserCopies}>
              <button type="submit" className="menu__button">
                {t("profile.signOut")}
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}

/** Mobile menu: drills down by URL (?menu=main, ?menu=admin), so it works without JavaScript. */
function MobileMenu({ user, level }: { user: ShellUser; level: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (level !== "main" && level !== "admin") {
    return (
      <Link
        className="burger"
        to={withSearchParam(location, "menu", "main")}
        aria-label={t("nav.menu")}
        preventScrollReset
      >
        <span aria-hidden="true">☰</span>
      </Link>
    );
  }
  const closeTo = withSearchParam(location, "menu", null);
  return (
    <nav className="mobile-menu" aria-label={t("nav.menu")}>
      <Link className="burger" to={closeTo} aria-label={t("brandSwitcher.close")} preventScrollReset>
        <span aria-hidden="true">×</span>
      </Link>
      <ul>
        {level === "admin" ? (
          <>
            <li>
              <Link to={withSearchParam(location, "menu", "main")} preventScrollReset>
                ‹ {t("nav.back")}
              </Link>
            </li>
            {user.adminMenu && <AdminMenuEntries menu={user.adminMenu} />}
          </>
        ) : (
          <>
            <li>
              <Link to="/">{t("nav.home")}</Link>
            </li>
            <li>
              <Link to="/#my-applications" reloadDocument>
                {t("nav.myApplications")}
              </Link>
            </li>
            {user.mainLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.labelKey)}</Link>
              </li>
            ))}
            {user.adminMenu && (
              <li>
                <Link to={withSearchParam(location, "menu", "admin")} preventScrollReset>
                  {t("nav.admin")} ›
                </Link>
              </li>
            )}
          </>
        )}
      </ul>
    </nav>
  );
}

export function TopBar(props: { user: ShellUser; theme: BrandId; brandName: string; accountSecurityUrl: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const menuLevel = new URLSearchParams(location.search).get("menu");
  return (
    <header className="topbar">
      <Link to="/" className="topbar__logo">
        <img src={logoOf(props.theme)} alt={t("brands.logo", { brand: props.brandName })} width={120} height={40} />
      </Link>
      <nav className="topbar__nav" aria-label={t("nav.main")}>
        <ul>
          <li>
            <ApplicationsMenu applications={props.user.applications} />
          </li>
          {props.user.mainLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to}>{t(link.labelKey)}</NavLink>
            </li>
          ))}
          {props.user.adminMenu && (
            <li>
              <AdminMenuDropdown menu={props.user.adminMenu} />
            </li>
          )}
        </ul>
      </nav>
      <QueuedChanges owner={props.user.queueOwner} />
      <ProfileMenu user={props.user} accountSecurityUrl={props.accountSecurityUrl} />
      <MobileMenu user={props.user} level={menuLevel} />
    </header>
  );
}
