/** The footer's legal links for a theme (SPEC §2), from configuration. */
export interface FooterLinks {
  contactUs: string;
  privacyPolicy: string;
  termsOfUse: string;
  /** Only in the third brand's theme. */
  tradeExport: string | null;
}

type FooterConfig = Record<
  "FOOTER_CONTACT_URL" | "FOOTER_PRIVACY_URL" | "FOOTER_TERMS_URL" | "FOOTER_TRADE_EXPORT_URL",
  string
>;

/** Decides the footer's links for a theme brand: each configured address with `{brand}` set; the trade link in brand 3 only. */
export function footerLinksFor(config: FooterConfig, brandId: number): FooterLinks {
  const of = (template: string) => template.replaceAll("{brand}", String(brandId));
  return {
    contactUs: of(config.FOOTER_CONTACT_URL),
    privacyPolicy: of(config.FOOTER_PRIVACY_URL),
    termsOfUse: of(config.FOOTER_TERMS_URL),
    tradeExport: brandId === 3 ? of(config.FOOTER_TRADE_EXPORT_URL) : null,
  };
}
