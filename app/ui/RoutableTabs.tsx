import { Link } from "@remix-run/react";
import { useRef, type KeyboardEvent } from "react";
import { satisfiesRule, type FeatureRule } from "~/security/feature-rule";

export interface TabLink {
  key: string;
  label: string;
  /** The tab's own address (`/admin/users/42/edit/roles`): a tab is a page. */
  to: string;
  /** The features the tab needs; without them it is not shown. */
  rule?: FeatureRule;
}

/** The tabs a user sees: those without a rule, and those whose rule their features satisfy. */
export function visibleTabs(tabs: readonly TabLink[], features: readonly string[]): TabLink[] {
  return tabs.filter((tab) => !tab.rule || satisfiesRule(features, tab.rule));
}

/** Where an arrow key (or Home, End) moves the focus among `count` tabs from `index`; null for other keys. */
export function tabMove(key: string, index: number, count: number): number | null {
  const move = MOVES[key];
  return move ? move(index, count) : null;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * Tabs that are URLs: each tab is a link to its own address, the current one marked with
 * aria-current, so they work without JavaScript and can be bookmarked; with JavaScript the arrow
 * keys (and Home, End) move between them. A tab whose rule the user's features do not satisfy is
 * not shown.
 */
export function RoutableTabs(props: {
  label: string;
  tabs: readonly TabLink[];
  current: string;
  features?: readonly string[];
  className?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const visible = visibleTabs(props.tabs, props.features ?? []);
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const links = [...(ref.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
    const index = links.indexOf(event.currentTarget);
    const next = index === -1 ? null : tabMove(event.key, index, links.length);
    if (next === null) return;
    event.preventDefault();
    links[next].focus();
  };
  return (
    <nav ref={ref} className={props.className ?? "tabs"} aria-label={props.label}>
      {visible.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === props.current ? "page" : undefined}
          onKeyDown={onKeyDown}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
