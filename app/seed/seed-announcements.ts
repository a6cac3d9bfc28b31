/** Demo announcements (issue #4 §1): brands, regions, priorities, languages; some future, some expired. */
export interface SeedAnnouncement {
  title: string;
  description?: string;
  content: string;
  language: string;
  priority: "highest" | "medium" | "lowest";
  linkUrl: string;
  /** Days from the seed's "now". */
  startInDays: number;
  expireInDays: number;
  brandIds: number[];
  regionCodes: string[];
  roles?: string[];
  /** Each targeted user confirms "I have read this" (issue #40 §3). */
  requiresAcknowledgement?: boolean;
}

export const SEED_ANNOUNCEMENTS: SeedAnnouncement[] = [
  {
    title: "Spring service campaign",
    description: "Internal: campaign budget approved by the service board.",
    content: "<p>Book <strong>spring inspections</strong> for all machines older than two years.</p>",
    language: "en",
    priority: "highest",
    linkUrl: "https://news.vantor.example.com/spring-campaign",
    startInDays: -7,
    expireInDays: 60,
    brandIds: [1],
    regionCodes: ["NA"],
  },
  {
    title: "New parts catalogue released",
    content: "<p>The 2027 parts catalogue is online, with 1,200 new part numbers.</p>",
    language: "en",
    priority: "medium",
    linkUrl: "https://parts.vantor.example.com/whats-new",
    startInDays: -3,
    expireInDays: 90,
    brandIds: [1, 2],
    regionCodes: ["NA"],
  },
  {
    title: "Warranty policy update",
    description: "Internal: reviewed by legal on 2 November.",
    content:
      "<p>Claims must now include the machine hours reading.</p><ul><li>Applies from 1 January</li><li>Older claims unchanged</li></ul>",
    language: "en",
    priority: "highest",
    linkUrl: "https://warranty.vantor.example.com/policy",
    startInDays: -10,
    expireInDays: 120,
    brandIds: [1, 2, 4],
    regionCodes: ["NA", "EMEA"],
  },
  {
    title: "Dealer meeting in Chicago",
    content: "<p>Join us for the annual dealer meeting. Registration closes soon.</p>",
    language: "en",
    priority: "lowest",
    linkUrl: "https://events.vantor.example.com/dealer-meeting",
    startInDays: -1,
    expireInDays: 30,
    brandIds: [1],
    regionCodes: ["NA"],
  },
  {
    title: "Portable Power price list 2027",
    content: "<p>New list prices for generators and compressors take effect next month.</p>",
    language: "en",
    priority: "medium",
    linkUrl: "https://vpp.example.com/prices",
    startInDays: -2,
    expireInDays: 45,
    brandIds: [2],
    regionCodes: ["NA"],
  },
  {
    title: "Corvane training dates",
    content: "<p>Technician courses in Köln and Lyon are open for booking.</p>",
    language: "en",
    priority: "medium",
    linkUrl: "https://learn.corvane.example.com/dates",
    startInDays: -5,
    expireInDays: 40,
    brandIds: [4],
    regionCodes: ["EMEA"],
  },
  {
    title: "Halden summer stock offer",
    content: "<p>Extra discount on in-stock excavators until the end of the quarter.</p>",
    language: "en",
    priority: "highest",
    linkUrl: "https://hub.halden.example.com/offer",
    startInDays: -4,
    expireInDays: 50,
    brandIds: [3],
    regionCodes: ["EMEA"],
  },
  {
    title: "Brixton service bulletin SB-12",
    content: "<p>Hydraulic hose inspection on 2024–2025 loaders.</p>",
    language: "en",
    priority: "medium",
    linkUrl: "https://parts.brixton.example.com/sb-12",
    startInDays: -6,
    expireInDays: 70,
    brandIds: [5],
    regionCodes: ["APAC"],
  },
  {
    title: "Neue Ersatzteilpreise",
    content: "<p>Die neuen Ersatzteilpreise gelten ab dem ersten des nächsten Monats.</p>",
    language: "de",
    priority: "medium",
    linkUrl: "https://parts.vantor.example.com/preise",
    startInDays: -3,
    expireInDays: 60,
    brandIds: [1, 4],
    regionCodes: ["NA", "EMEA"],
  },
  {
    title: "Campagne d’entretien de printemps",
    content: "<p>Planifiez les inspections de printemps dès maintenant.</p>",
    language: "fr",
    priority: "highest",
    linkUrl: "https://news.vantor.example.com/printemps",
    startInDays: -7,
    expireInDays: 60,
    brandIds: [1],
    regionCodes: ["NA"],
  },
  {
    title: "Dealer administration checklist",
    content: "<p>Review your users' access before the yearly security review.</p>",
    language: "en",
    priority: "medium",
    linkUrl: "https://news.vantor.example.com/admin-checklist",
    startInDays: -2,
    expireInDays: 30,
    brandIds: [1, 2, 4],
    regionCodes: ["NA", "EMEA"],
    roles: ["DEALER_ADMIN"],
  },
  {
    title: "Year-end closing hours",
    content: "<p>Opening hours of the parts warehouses over the holidays.</p>",
    language: "en",
    priority: "lowest",
    linkUrl: "https://news.vantor.example.com/closing-hours",
    startInDays: 10,
    expireInDays: 40,
    brandIds: [1, 2, 3, 4, 5],
    regionCodes: ["NA", "EMEA", "APAC"],
  },
  {
    title: "Winter checklist",
    content: "<p>Prepare machines for winter storage.</p>",
    language: "en",
    priority: "medium",
    linkUrl: "https://news.vantor.example.com/winter",
    startInDays: -60,
    expireInDays: -1,
    brandIds: [1],
    regionCodes: ["NA"],
  },
  {
    // Last, so the ids above stay as tests know them. For the dealers' administrators (a web role only admin@ holds among the demo accounts): it heads
    // their feed until confirmed, and its receipts are under Admin → Announcement receipts.
    title: "Safety recall R-2611: hydraulic hose kits",
    content:
      "<p>Hose kits of series HK-40 delivered since 1 September must be checked before the next machine handover. Please confirm that you have read this notice.</p>",
    language: "en",
    priority: "highest",
    linkUrl: "https://news.vantor.example.com/recall-r-2611",
    startInDays: -1,
    expireInDays: 30,
    brandIds: [1, 2],
    regionCodes: ["NA"],
    roles: ["DEALER_ADMIN"],
    requiresAcknowledgement: true,
  },
];

/** Demo read state: e-mail → titles already read. */
export const SEED_READS: Record<string, string[]> = {
  "dealer@example.com": ["Dealer meeting in Chicago"],
  "employee@example.com": ["Spring service campaign", "Corvane training dates"],
  "admin@example.com": ["New parts catalogue released"],
};
