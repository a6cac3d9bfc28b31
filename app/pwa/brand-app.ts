import type { BrandId } from "~/theme/theme";

/** What the installed app of a brand looks like (issue #6 §1): the top bar's colour and the accent. */
export const BRAND_APP: Record<BrandId, { name: string; shortName: string; themeColor: string; accent: string }> = {
  1: { name: "Vantor Dealer Portal", shortName: "Vantor", themeColor: "#1c1c1c", accent: "#ff3600" },
  2: { name: "Vantor Portable Power Dealer Portal", shortName: "VPP Portal", themeColor: "#2b2b2b", accent: "#ff3600" },
  3: { name: "Halden Dealer Portal", shortName: "Halden", themeColor: "#1a1a1a", accent: "#f9e01d" },
  4: { name: "Corvane Dealer Portal", shortName: "Corvane", themeColor: "#23394f", accent: "#f7f7f7" },
  5: { name: "Brixton Dealer Portal", shortName: "Brixton", themeColor: "#222222", accent: "#feba12" },
};

export const ICON_SIZES = [192, 512] as const;

export function iconPath(brandId: BrandId, size: number, maskable = false): string {
  return `/icons/brand-${brandId}-${maskable ? "maskable-" : ""}${size}.png`;
}

/** The web app manifest of a brand: installable (name, icons 192/512 + maskable, start_url, standalone). */
export function manifestOf(brandId: BrandId, lang: string) {
  const app = BRAND_APP[brandId];
  return {
    id: "/",
    name: app.name,
    short_name: app.shortName,
    lang,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: app.themeColor,
    background_color: app.themeColor,
    icons: [
      ...ICON_SIZES.map((size) => ({
        src: iconPath(brandId, size),
        sizes: `${size}x${size}`,
        type: "image/png",
        purpose: "any",
      })),
      { src: iconPath(brandId, 512, true), sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
