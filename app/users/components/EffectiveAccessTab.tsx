import type { ReactNode } from "react";
import type { TargetingCheck } from "~/applications/targeting";
import type { RuleFailure } from "~/applications/custom-rule";
import type { FeatureGrant, FeatureSource } from "~/security-roles/feature-grants";
import type { FeatureRule, RuleShortfall } from "~/security/feature-rule";
import { useTranslation } from "~/translate/react";
import type { TFunction } from "~/translate/translator";
import { Table } from "~/ui/DataTable";
import { Form } from "~/ui/Form";
import { askableFeatures, type EffectiveAccess, type WhyAnswer } from "../effective-access";

/**
 * Issue #39 §1, a user's effective access: every feature with where it comes from, the
 * applications of their launcher and the screens they reach, each with its reasons, and a
 * "why not" for anything they lack (a GET form: the question is in the address).
 */
export function EffectiveAccessTab(props: {
  name: string;
  access: EffectiveAccess;
  why: string;
  answer: WhyAnswer | null;
}) {
  const { t } = useTranslation();
  const { access } = props;
  const held = access.features.filter((grant) => grant.sources.length > 0);
  const notCounted = access.features.filter((grant) => grant.notCounted.length > 0);
  const visible = access.applications.filter((app) => app.visible);
  const reached = access.screens.filter((screen) => screen.shortfalls.length === 0);
  return (
    <div className="effective-access">
      <p>{t("effectiveAccess.intro", { name: props.name })}</p>
      {!access.active && <p className="notice notice--warning">{t("effectiveAccess.inactive")}</p>}

      <WhyNot {...props} />

      <h3>{t("effectiveAccess.features")}</h3>
      {held.length === 0 ? (
        <p className="empty-state">{t("effectiveAccess.featuresEmpty")}</p>
      ) : (
        <Table
          columns={[
            { key: "feature", label: t("effectiveAccess.feature"), render: (row) => <code>{row.feature}</code> },
            { key: "sources", label: t("effectiveAccess.grantedBy"), render: (row) => sourceList(t, row.sources) },
          ]}
          rows={held}
          rowKey={(row) => row.feature}
          rowTestId="feature-grant"
        />
      )}
      {notCounted.length > 0 && (
        <>
          <h4>{t("effectiveAccess.notCountedTitle")}</h4>
          <p>{t("effectiveAccess.notCountedText")}</p>
          <Table
            columns={[
              { key: "feature", label: t("effectiveAccess.feature"), render: (row) => <code>{row.feature}</code> },
              {
                key: "sources",
                label: t("effectiveAccess.grantedBy"),
                render: (row: FeatureGrant) => sourceList(t, row.notCounted),
              },
            ]}
            rows={notCounted}
            rowKey={(row) => row.feature}
          />
        </>
      )}

      <h3>{t("effectiveAccess.applications")}</h3>
      {visible.length === 0 ? (
        <p className="empty-state">{t("effectiveAccess.applicationsEmpty")}</p>
      ) : (
        <Table
          columns={[
            {
              key: "name",
              label: t("effectiveAccess.application"),
              render: (row) => (
                <>
                  {row.name}
                  <br />
                  <small>{t("effectiveAccess.brandRegion", { brand: row.brandName, region: row.regionCode })}</small>
                </>
              ),
            },
            {
              key: "why",
              label: t("effectiveAccess.why"),
              render: (row) => (
                <ul className="plain-list">
                  {row.checks.filter(decides).map((check) => (
                    <li key={check.kind}>{checkText(t, check, row.brandName)}</li>
                  ))}
                </ul>
              ),
            },
          ]}
          rows={visible}
          rowKey={(row) => row.id}
          rowTestId="application-verdict"
        />
      )}

      <h3>{t("effectiveAccess.screens")}</h3>
      {reached.length === 0 ? (
        <p className="empty-state">{t("effectiveAccess.screensEmpty")}</p>
      ) : (
        <Table
          columns={[
            { key: "screen", label: t("effectiveAccess.screen"), render: (row) => t(row.labelKey) },
            { key: "needs", label: t("effectiveAccess.needs"), render: (row) => ruleText(t, row.rule) },
          ]}
          rows={reached}
          rowKey={(row) => row.key}
          rowTestId="screen-verdict"
        />
      )}
    </div>
  );
}

/** The "why not" question (a GET form, so it works without JavaScript) and its answer. */
function WhyNot({ access, why, answer }: { access: EffectiveAccess; why: string; answer: WhyAnswer | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="why-not-title" className="why-not">
      <h3 id="why-not-title">{t("effectiveAccess.whyNot")}</h3>
      <p id="why-not-hint">{t("effectiveAccess.whyNotHint")}</p>
      <Form method="get" className="filter-form">
        <label htmlFor="why">{t("effectiveAccess.pick")}</label>
        <select id="why" name="why" defaultValue={why} aria-describedby="why-not-hint">
          <optgroup label={t("effectiveAccess.pickApplications")}>
            {access.applications.map((app) => (
              <option key={app.id} value={`application:${app.id}`}>
                {app.name} ({app.brandName}, {app.regionCode})
              </option>
            ))}
          </optgroup>
          <optgroup label={t("effectiveAccess.pickFeatures")}>
            {askableFeatures(access).map((feature) => (
              <option key={feature} value={`feature:${feature}`}>
                {feature}
              </option>
            ))}
          </optgroup>
          <optgroup label={t("effectiveAccess.pickScreens")}>
            {access.screens.map((screen) => (
              <option key={screen.key} value={`screen:${screen.key}`}>
                {t(screen.labelKey)}
              </option>
            ))}
          </optgroup>
        </select>
        <button type="submit" className="button">
          {t("effectiveAccess.explain")}
        </button>
      </Form>
      {why !== "" && (
        <div className="notice" role="status" data-testid="why-answer">
          {answer ? <Answer answer={answer} access={access} /> : t("effectiveAccess.unknownPick")}
        </div>
      )}
    </section>
  );
}

function Answer({ answer, access }: { answer: WhyAnswer; access: EffectiveAccess }) {
  const { t } = useTranslation();
  const item =
    answer.kind === "application" ? answer.name : answer.kind === "feature" ? answer.feature : t(answer.labelKey);
  if (answer.holds) return <p>{t("effectiveAccess.answerHolds", { item })}</p>;
  let reasons: ReactNode[];
  if (answer.kind === "application") {
    const brandName = access.applications.find((app) => app.name === answer.name)?.brandName ?? "";
    reasons = answer.failing.map((check) => checkText(t, check, brandName));
  } else if (answer.kind === "screen") {
    reasons = answer.shortfalls.map((shortfall) => shortfallText(t, shortfall));
  } else {
    reasons = [
      t("effectiveAccess.featureNoGrant", { feature: answer.feature }),
      ...(answer.grant?.notCounted.length
        ? [`${t("effectiveAccess.notCountedText")} ${sourceTexts(t, answer.grant.notCounted).join("; ")}`]
        : []),
    ];
  }
  return (
    <>
      <p>{t("effectiveAccess.answerLacks", { item })}</p>
      <ul>
        {reasons.map((reason, index) => (
          <li key={index}>{reason}</li>
        ))}
      </ul>
    </>
  );
}

function sourceTexts(t: TFunction, sources: readonly FeatureSource[]): string[] {
  return sources.map((source) => {
    switch (source.kind) {
      case "role":
        return t("effectiveAccess.source.role", {
          chain: source.chain.join(t("effectiveAccess.chainSeparator")),
          organization: source.organizationName,
        });
      case "oemOrganization":
        return t("effectiveAccess.source.oemOrganization", { organization: source.organizationName });
      case "employeeNumber":
        return t("effectiveAccess.source.employeeNumber");
      case "directoryGroup":
        return t("effectiveAccess.source.directoryGroup", { group: source.group });
    }
  });
}

function sourceList(t: TFunction, sources: readonly FeatureSource[]) {
  return (
    <ul className="plain-list">
      {sourceTexts(t, sources).map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

const list = (values: readonly string[]) => values.join(", ");

/** A condition worth naming for a shown application: every one but a targeting list it does not set. */
function decides(check: TargetingCheck): boolean {
  return !("required" in check) || check.required.length > 0;
}

/** One targeting condition, as it holds or fails. */
function checkText(t: TFunction, check: TargetingCheck, brandName: string): string {
  const state = check.holds ? "holds" : "fails";
  switch (check.kind) {
    case "assignment":
      return t(`effectiveAccess.check.assignment.${state}`);
    case "brand":
      return t(`effectiveAccess.check.brand.${state}`, { brand: brandName });
    case "region":
      return t(`effectiveAccess.check.region.${state}`, { region: check.regionCode });
    case "customRule":
      if (check.rule === null) return t("effectiveAccess.check.customRule.unreadable");
      if (check.holds) return t("effectiveAccess.check.customRule.holds");
      return `${t("effectiveAccess.check.customRule.fails")}: ${check.failures.map((f) => failureText(t, f)).join("; ")}`;
    default:
      if (check.required.length === 0) return t(`effectiveAccess.check.${check.kind}.everyone`);
      return t(`effectiveAccess.check.${check.kind}.${state}`, {
        values: list(check.matched),
        required: list(check.required),
      });
  }
}

function failureText(t: TFunction, failure: RuleFailure): string {
  if (failure.kind === "tooDeep") return t("effectiveAccess.condition.tooDeep");
  if (failure.kind === "negated")
    return t("effectiveAccess.condition.negated", { condition: JSON.stringify(failure.rule) });
  return t("effectiveAccess.condition.condition", {
    condition: JSON.stringify(failure.rule),
    values: failure.values.length > 0 ? list(failure.values) : t("effectiveAccess.condition.none"),
  });
}

/** What a screen's rule asks for. */
function ruleText(t: TFunction, rule: FeatureRule): string {
  const parts = [
    ...(rule.all?.length ? [t("effectiveAccess.ruleAll", { features: list(rule.all) })] : []),
    ...(rule.any?.length ? [t("effectiveAccess.ruleAny", { features: list(rule.any) })] : []),
    ...(rule.exclude?.length ? [t("effectiveAccess.ruleExclude", { features: list(rule.exclude) })] : []),
  ];
  return parts.length > 0 ? parts.join("; ") : t("effectiveAccess.signedIn");
}

function shortfallText(t: TFunction, shortfall: RuleShortfall): string {
  if (shortfall.kind === "noneOf") return t("effectiveAccess.shortfall.noneOf", { features: list(shortfall.features) });
  return t(`effectiveAccess.shortfall.${shortfall.kind}`, { feature: shortfall.feature });
}
