import type { CustomRule } from "~/applications/custom-rule";
import { toUsers } from "~/users/routes";

/** Demo applications (issue #3 §1): every grouping and targeting rule is visible with the demo accounts. */
export interface SeedApplication {
  key: string;
  name: string;
  displayName: string;
  description: string;
  link: string;
  brandId: number;
  regionCode: "NA" | "EMEA" | "APAC";
  categories: string[];
  contractCodes?: string[];
  contractTypes?: string[];
  organizationTypes?: string[];
  primaryTasks?: string[];
  typicalUsers?: string[];
  webRoles?: string[];
  customRules?: CustomRule;
  /** Shown only to users assigned to it in the user editor. */
  requiresAssignment?: boolean;
}

export const SEED_APPLICATIONS: SeedApplication[] = [
  {
    key: "vantor-parts",
    name: "VANTOR_PARTS",
    displayName: "Parts Catalog",
    description: "Find parts by model and serial number, and order them.",
    link: "https://parts.vantor.example.com",
    brandId: 1,
    regionCode: "NA",
    categories: ["Parts"],
    primaryTasks: ["Order parts"],
    typicalUsers: ["Parts counter"],
  },
  {
    key: "vantor-warranty",
    name: "VANTOR_WARRANTY",
    displayName: "Warranty Claims",
    description: "File and follow warranty claims.",
    link: "https://warranty.vantor.example.com",
    brandId: 1,
    regionCode: "NA",
    categories: ["Warranty", "Service"],
    primaryTasks: ["File claims"],
    typicalUsers: ["Service manager"],
  },
  {
    key: "vantor-telemetry",
    name: "VANTOR_TELEMETRY",
    displayName: "Machine Telemetry",
    description: "Live location, hours and alerts of connected machines.",
    link: "https://iot.vantor.example.com",
    brandId: 1,
    regionCode: "NA",
    categories: [],
  },
  {
    key: "vantor-configurator",
    name: "VANTOR_CONFIGURATOR",
    displayName: "Sales Configurator",
    description: "Configure machines and prepare quotes.",
    link: "https://configure.vantor.example.com",
    brandId: 1,
    regionCode: "NA",
    categories: ["Sales"],
    contractTypes: ["FULL_LINE", "COMPACT"],
  },
  {
    key: "vantor-manuals",
    name: "VANTOR_MANUALS",
    displayName: "Service Manuals",
    description: "Manuals and bulletins in the documents library.",
    link: "/documents",
    brandId: 1,
    regionCode: "NA",
    categories: ["Service"],
  },
  {
    key: "vantor-dealer-admin",
    name: "VANTOR_DEALER_ADMIN",
    displayName: "Dealer Administration",
    description: "Manage the users of your dealership.",
    link: toUsers(),
    brandId: 1,
    regionCode: "NA",
    categories: ["Admin"],
    webRoles: ["DEALER_ADMIN"],
  },
  {
    key: "vantor-pricing",
    name: "VANTOR_INTERNAL_PRICING",
    displayName: "Internal Pricing",
    description: "List prices and margins for employees.",
    link: "https://pricing.vantor.example.com",
    brandId: 1,
    regionCode: "NA",
    categories: ["Sales"],
    customRules: { attr: "userType", eq: "internal" },
  },
  {
    key: "vantor-marketing",
    name: "VANTOR_MARKETING",
    displayName: "Marketing Library",
    description: "Brochures, images and campaign material.",
    link: "/documents",
    brandId: 1,
    regionCode: "EMEA",
    categories: ["Marketing"],
  },
  {
    key: "power-sizing",
    name: "VPP_SIZING",
    displayName: "Generator Sizing Tool",
    description: "Size generators and compressors for a job site.",
    link: "https://sizing.vpp.example.com",
    brandId: 2,
    regionCode: "NA",
    categories: ["Sales"],
  },
  {
    key: "power-parts",
    name: "VPP_PARTS",
    displayName: "Portable Power Parts Store",
    description: "Parts for generators, compressors and light towers.",
    link: "https://parts.vpp.example.com",
    brandId: 2,
    regionCode: "NA",
    categories: ["Parts"],
  },
  {
    key: "corvane-orders",
    name: "CORVANE_ORDERS",
    displayName: "Corvane Order Portal",
    description: "Place and track whole-goods orders.",
    link: "https://orders.corvane.example.com",
    brandId: 4,
    regionCode: "EMEA",
    categories: ["Sales"],
    organizationTypes: ["DEALER"],
  },
  {
    key: "corvane-bulletins",
    name: "CORVANE_BULLETINS",
    displayName: "Corvane Service Bulletins",
    description: "Technical bulletins and campaigns.",
    link: "/documents",
    brandId: 4,
    regionCode: "EMEA",
    categories: ["Service"],
  },
  {
    key: "halden-hub",
    name: "HALDEN_HUB",
    displayName: "Halden Dealer Hub",
    description: "News, stock and contacts for Halden dealers.",
    link: "https://hub.halden.example.com",
    brandId: 3,
    regionCode: "EMEA",
    categories: [],
  },
  {
    key: "halden-warranty",
    name: "HALDEN_WARRANTY",
    displayName: "Halden Warranty",
    description: "Warranty registration and claims for Halden machines.",
    link: "https://warranty.halden.example.com",
    brandId: 3,
    regionCode: "EMEA",
    categories: ["Warranty"],
  },
  {
    key: "brixton-parts",
    name: "BRIXTON_PARTS",
    displayName: "Brixton Parts",
    description: "Parts lookup and ordering for Asia Pacific.",
    link: "https://parts.brixton.example.com",
    brandId: 5,
    regionCode: "APAC",
    categories: ["Parts"],
  },
  {
    key: "brixton-training",
    name: "BRIXTON_TRAINING",
    displayName: "Brixton Training",
    description: "Courses and certificates for technicians.",
    link: "https://learn.brixton.example.com",
    brandId: 5,
    regionCode: "APAC",
    categories: ["Training"],
  },
  {
    key: "vantor-analytics",
    name: "VANTOR_ANALYTICS",
    displayName: "Dealer Analytics",
    description: "Sales and service figures of your dealership; for staff an administrator assigns.",
    link: "https://analytics.vantor.example.com",
    brandId: 1,
    regionCode: "NA",
    categories: ["Sales"],
    requiresAssignment: true,
  },
  {
    // The header's Admin menu groups the admin applications by region (SPEC §2): one outside North America.
    key: "vantor-emea-network",
    name: "VANTOR_EMEA_DEALER_NETWORK",
    displayName: "Dealer Network Administration",
    description: "Dealer contracts and territories in Europe, the Middle East and Africa.",
    link: "https://network-emea.vantor.example.com",
    brandId: 1,
    regionCode: "EMEA",
    categories: ["Admin"],
    webRoles: ["DEALER_ADMIN"],
  },
];
