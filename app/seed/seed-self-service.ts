import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { distributionLists, emailSubscriptions, helpDesks, identities } from "~/db/schema";

type Texts = Record<string, { name: string; description: string }>;

/** E-mail distribution lists (issue #5 §1), with names and descriptions in the nine languages. */
export const SEED_DISTRIBUTION_LISTS: { code: string; brandIds: number[]; translations: Texts }[] = [
  {
    code: "service-bulletins",
    brandIds: [],
    translations: {
      en: { name: "Service bulletins", description: "Technical bulletins and field campaigns for your machines." },
      de: { name: "Service-Bulletins", description: "Technische Mitteilungen und Feldaktionen für Ihre Maschinen." },
      fr: { name: "Bulletins de service", description: "Bulletins techniques et campagnes terrain pour vos machines." },
      es: { name: "Boletines de servicio", description: "Boletines técnicos y campañas de campo para sus máquinas." },
      it: {
        name: "Bollettini di assistenza",
        description: "Bollettini tecnici e campagne sul campo per le vostre macchine.",
      },
      nl: { name: "Servicebulletins", description: "Technische bulletins en veldacties voor uw machines." },
      pt: {
        name: "Boletins de assistência",
        description: "Boletins técnicos e campanhas de campo para as suas máquinas.",
      },
      ko: { name: "서비스 공지", description: "보유 장비에 대한 기술 공지 및 현장 캠페인." },
      zh: { name: "服务公告", description: "有关您设备的技术公告和现场活动。" },
    },
  },
  {
    code: "parts-promotions",
    brandIds: [],
    translations: {
      en: { name: "Parts promotions", description: "Monthly offers on parts and accessories." },
      de: { name: "Ersatzteilaktionen", description: "Monatliche Angebote für Ersatzteile und Zubehör." },
      fr: { name: "Promotions pièces", description: "Offres mensuelles sur les pièces et accessoires." },
      es: { name: "Promociones de repuestos", description: "Ofertas mensuales de repuestos y accesorios." },
      it: { name: "Promozioni ricambi", description: "Offerte mensili su ricambi e accessori." },
      nl: { name: "Onderdelenacties", description: "Maandelijkse aanbiedingen voor onderdelen en accessoires." },
      pt: { name: "Promoções de peças", description: "Ofertas mensais de peças e acessórios." },
      ko: { name: "부품 프로모션", description: "부품 및 액세서리 월간 할인." },
      zh: { name: "零件促销", description: "每月零件和配件优惠。" },
    },
  },
  {
    code: "warranty-updates",
    brandIds: [],
    translations: {
      en: { name: "Warranty updates", description: "Changes to warranty policies and claim procedures." },
      de: { name: "Garantie-Neuigkeiten", description: "Änderungen an Garantiebedingungen und Antragsverfahren." },
      fr: {
        name: "Actualités garantie",
        description: "Changements des politiques de garantie et des procédures de réclamation.",
      },
      es: {
        name: "Novedades de garantía",
        description: "Cambios en las políticas de garantía y los procedimientos de reclamación.",
      },
      it: {
        name: "Novità sulla garanzia",
        description: "Modifiche alle condizioni di garanzia e alle procedure di reclamo.",
      },
      nl: { name: "Garantie-updates", description: "Wijzigingen in garantievoorwaarden en claimprocedures." },
      pt: {
        name: "Novidades da garantia",
        description: "Alterações às políticas de garantia e aos procedimentos de reclamação.",
      },
      ko: { name: "보증 업데이트", description: "보증 정책 및 청구 절차 변경 사항." },
      zh: { name: "保修更新", description: "保修政策和索赔流程的变更。" },
    },
  },
  {
    code: "training-invitations",
    brandIds: [],
    translations: {
      en: { name: "Training invitations", description: "Courses for technicians and sales staff near you." },
      de: { name: "Schulungseinladungen", description: "Kurse für Techniker und Verkaufspersonal in Ihrer Nähe." },
      fr: {
        name: "Invitations aux formations",
        description: "Formations pour techniciens et vendeurs près de chez vous.",
      },
      es: {
        name: "Invitaciones a formación",
        description: "Cursos para técnicos y personal de ventas cerca de usted.",
      },
      it: { name: "Inviti ai corsi", description: "Corsi per tecnici e personale di vendita vicino a voi." },
      nl: { name: "Trainingsuitnodigingen", description: "Cursussen voor technici en verkopers bij u in de buurt." },
      pt: { name: "Convites para formações", description: "Cursos para técnicos e equipas de vendas perto de si." },
      ko: { name: "교육 초대", description: "가까운 곳의 기술자 및 영업 직원 교육 과정." },
      zh: { name: "培训邀请", description: "您附近面向技术人员和销售人员的课程。" },
    },
  },
  {
    code: "halden-newsletter",
    brandIds: [3],
    translations: {
      en: { name: "Halden dealer newsletter", description: "News for Halden dealers, every two weeks." },
      de: { name: "Halden-Händler-Newsletter", description: "Neuigkeiten für Halden-Händler, alle zwei Wochen." },
      fr: {
        name: "Lettre d’information des concessionnaires Halden",
        description: "Actualités pour les concessionnaires Halden, toutes les deux semaines.",
      },
      es: {
        name: "Boletín para concesionarios Halden",
        description: "Noticias para concesionarios Halden, cada dos semanas.",
      },
      it: {
        name: "Newsletter per i concessionari Halden",
        description: "Notizie per i concessionari Halden, ogni due settimane.",
      },
      nl: { name: "Nieuwsbrief voor Halden-dealers", description: "Nieuws voor Halden-dealers, om de twee weken." },
      pt: {
        name: "Boletim dos concessionários Halden",
        description: "Notícias para concessionários Halden, de duas em duas semanas.",
      },
      ko: { name: "Halden 딜러 뉴스레터", description: "2주마다 전하는 Halden 딜러 소식." },
      zh: { name: "Halden 经销商通讯", description: "面向 Halden 经销商的资讯，每两周一期。" },
    },
  },
];

const HOURS: Record<string, Record<string, string>> = {
  NA: {
    en: "Monday to Friday, 7:00–19:00 Central Time",
    de: "Montag bis Freitag, 7:00–19:00 Uhr Central Time",
    fr: "Du lundi au vendredi, 7 h 00–19 h 00, heure du Centre",
    es: "De lunes a viernes, 7:00–19:00, hora central",
    it: "Dal lunedì al venerdì, 7:00–19:00 ora centrale",
    nl: "Maandag tot en met vrijdag, 7:00–19:00 Central Time",
    pt: "Segunda a sexta, 7:00–19:00, hora central",
    ko: "월요일~금요일, 중부 표준시 7:00–19:00",
    zh: "周一至周五，美国中部时间 7:00–19:00",
  },
  EMEA: {
    en: "Monday to Friday, 8:00–18:00 CET",
    de: "Montag bis Freitag, 8:00–18:00 Uhr MEZ",
    fr: "Du lundi au vendredi, 8 h 00–18 h 00 HNEC",
    es: "De lunes a viernes, 8:00–18:00 CET",
    it: "Dal lunedì al venerdì, 8:00–18:00 CET",
    nl: "Maandag tot en met vrijdag, 8:00–18:00 CET",
    pt: "Segunda a sexta, 8:00–18:00 CET",
    ko: "월요일~금요일, 중앙유럽 표준시 8:00–18:00",
    zh: "周一至周五，欧洲中部时间 8:00–18:00",
  },
  APAC: {
    en: "Monday to Friday, 8:00–17:00 Singapore time",
    de: "Montag bis Freitag, 8:00–17:00 Uhr Singapur-Zeit",
    fr: "Du lundi au vendredi, 8 h 00–17 h 00, heure de Singapour",
    es: "De lunes a viernes, 8:00–17:00, hora de Singapur",
    it: "Dal lunedì al venerdì, 8:00–17:00 ora di Singapore",
    nl: "Maandag tot en met vrijdag, 8:00–17:00 Singaporese tijd",
    pt: "Segunda a sexta, 8:00–17:00, hora de Singapura",
    ko: "월요일~금요일, 싱가포르 시간 8:00–17:00",
    zh: "周一至周五，新加坡时间 8:00–17:00",
  },
};

const BRAND_MAIL = { 1: "vantor", 2: "vantor-power", 3: "halden", 4: "corvane", 5: "brixton" } as const;
const REGION_PHONE = { NA: "+1 312 555 01", EMEA: "+49 221 555 01", APAC: "+65 6555 01" } as const;

/** A help desk for every brand in every region. */
export const SEED_HELP_DESKS = Object.entries(BRAND_MAIL).flatMap(([brandId, mail]) =>
  (Object.keys(REGION_PHONE) as (keyof typeof REGION_PHONE)[]).map((region) => ({
    brandId: Number(brandId),
    regionCode: region,
    phone: `${REGION_PHONE[region]}${brandId}0`,
    email: `helpdesk-${region.toLowerCase()}@${mail}.example.com`,
    hours: HOURS[region],
  })),
);

/** Lists, help desks: reference data every installation gets (idempotent). */
export async function seedSelfServiceReference(database: Database): Promise<void> {
  await database
    .insert(distributionLists)
    .values(SEED_DISTRIBUTION_LISTS.map((list, index) => ({ ...list, sortOrder: (index + 1) * 10 })))
    .onConflictDoNothing();
  await database.insert(helpDesks).values(SEED_HELP_DESKS).onConflictDoNothing();
}

/** Demo contact data and subscriptions of the demo accounts (only where none are set yet). */
export const SEED_CONTACT_DATA: Record<
  string,
  { jobTitle: string; phoneMobile?: string; listingName?: string; subscriptions: string[] }
> = {
  "admin@example.com": {
    jobTitle: "Dealer principal",
    phoneMobile: "+1 614 555 0100",
    listingName: "Alex Morgan (Prairie)",
    subscriptions: ["warranty-updates"],
  },
  "dealer@example.com": {
    jobTitle: "Service advisor",
    phoneMobile: "+1 614 555 0142",
    subscriptions: ["service-bulletins"],
  },
  "halden@example.com": {
    jobTitle: "Sales manager",
    phoneMobile: "+46 31 555 0190",
    subscriptions: ["halden-newsletter"],
  },
  "auditor@example.com": { jobTitle: "Compliance analyst", subscriptions: [] },
};

export async function seedDemoContactData(database: Database): Promise<void> {
  const lists = await database
    .select({ id: distributionLists.id, code: distributionLists.code })
    .from(distributionLists);
  const listId = new Map(lists.map((l) => [l.code, l.id]));
  for (const [email, data] of Object.entries(SEED_CONTACT_DATA)) {
    const [identity] = await database
      .select({ id: identities.id, jobTitle: identities.jobTitle })
      .from(identities)
      .where(sql`lower(${identities.email}) = ${email}`);
    if (!identity || identity.jobTitle) continue;
    await database
      .update(identities)
      .set({ jobTitle: data.jobTitle, phoneMobile: data.phoneMobile ?? null, listingName: data.listingName ?? null })
      .where(eq(identities.id, identity.id));
    const values = data.subscriptions.flatMap((code) =>
      listId.has(code) ? [{ identityId: identity.id, distributionListId: listId.get(code)! }] : [],
    );
    if (values.length > 0) await database.insert(emailSubscriptions).values(values).onConflictDoNothing();
  }
}
