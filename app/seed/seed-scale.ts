import { eq, sql } from "drizzle-orm";
import { hash } from "@node-rs/argon2";
import type { Database } from "~/db/client.server";
import {
  directoryAssignments,
  identities,
  organizations,
  roleAssignments,
  securityReviews,
  securityRoles,
} from "~/db/schema";
import { DEMO_PASSWORD } from "./seed";

/** The administrator of every scale location: whose users list the search bench reads (100 000 users). */
export const SCALE_ADMIN = { email: "scaleadmin@example.com", firstName: "Sam", lastName: "Scale" } as const;
/** A dealer administrator of three scale locations: the search bench's scoped administrator. */
export const SCOPED_ADMIN = { email: "scopedadmin@example.com", firstName: "Sky", lastName: "Scope" } as const;
const SCOPED_LOCATIONS = 3;

const FIRST_NAMES = [
  "Ada",
  "Bruno",
  "Chloé",
  "Dmitri",
  "Elif",
  "Farah",
  "Goran",
  "Hana",
  "Ines",
  "Jonas",
  "Keiko",
  "Liam",
  "Maya",
  "Nils",
  "Olga",
  "Pavel",
  "Quinn",
  "Rosa",
  "Sven",
  "Tariq",
  "Uma",
  "Viktor",
  "Wen",
  "Ximena",
  "Yusuf",
  "Zoë",
];
const LAST_NAMES = [
  "Andersen",
  "Bauer",
  "Costa",
  "Dubois",
  "Eriksen",
  "Fischer",
  "García",
  "Horvat",
  "Ivanova",
  "Jansen",
  "Kowalski",
  "Larsen",
  "Moreau",
  "Novak",
  "Olsen",
  "Petrov",
  "Quist",
  "Rossi",
  "Schmidt",
  "Tanaka",
  "Ueda",
  "Varga",
  "Weber",
  "Xu",
  "Yilmaz",
  "Zimmer",
];
const JOB_TITLES = [
  "Service technician",
  "Parts advisor",
  "Sales representative",
  "Workshop planner",
  "Warranty clerk",
  "Branch manager",
  "Rental coordinator",
  "Field engineer",
];
const CITIES = [
  "Fargo",
  "Leeds",
  "Lyon",
  "Graz",
  "Porto",
  "Brno",
  "Aarhus",
  "Tampere",
  "Osaka",
  "Perth",
  "Calgary",
  "Memphis",
  "Turin",
  "Ghent",
  "Malmö",
  "Kraków",
];

/** The rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A whole number written into the statement (our own constants and ids: a parameter there would be typed text in a union). */
export const num = (value: number) => sql.raw(String(Math.trunc(value)));

/** Our own constant texts as an SQL array literal. */
export const list = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

/**
 * `npm run seed:scale` (issue #14 §2): 5 000 dealer locations and 100 000 users with varied
 * names, job titles, statuses and last sign-ins, each at one location (one in ten at two), and
 * an administrator holding every one of them. Generated in the database with generate_series;
 * done once (a second run finds the administrator and does nothing).
 */
export async function seedScale(
  database: Database,
  size: { users: number; locations: number } = { users: 100_000, locations: 5_000 },
): Promise<{ seeded: boolean }> {
  const [existing] = await database
    .select({ id: identities.id })
    .from(identities)
    .where(eq(identities.email, SCALE_ADMIN.email));
  if (existing) return { seeded: false };
  const [role] = await database
    .select({ id: securityRoles.id })
    .from(securityRoles)
    .where(eq(securityRoles.name, "DEALER_STAFF"));
  const [adminRole] = await database
    .select({ id: securityRoles.id })
    .from(securityRoles)
    .where(eq(securityRoles.name, "PORTAL_ADMIN"));
  if (!role || !adminRole) throw new Error("seed the demo first: the scale users hold its roles");
  await database.transaction(async (tx) => {
    const [{ first }] = await tx
      .execute<{ first: number }>(
        sql`
      with made as (
        insert into ${organizations} (name, type, brand_id, region_code)
        select 'Scale Dealer ' || lpad(n::text, 4, '0') || ' – ' || (${list(CITIES)})[1 + n % ${num(CITIES.length)}],
               'location', 1 + n % 5, (ARRAY['NA','EMEA','APAC'])[1 + n % 3]
        from generate_series(1, ${num(size.locations)}) as n
        returning id
      ) select min(id)::int as first from made`,
      )
      .then(rowsOf<{ first: number }>);
    const [{ firstUser }] = await tx
      .execute<{ firstUser: number }>(
        sql`
      with made as (
        insert into ${identities} (email, first_name, last_name, job_title, user_type, role, serial_number,
                                   status, email_verified_at, last_login_at, created_at, updated_at,
                                   location_name, location_names, dealer_located, brand_ids, region_codes)
        select 'user' || n || '@scale.example.com',
               (${list(FIRST_NAMES)})[1 + n % ${num(FIRST_NAMES.length)}],
               (${list(LAST_NAMES)})[1 + (n / ${num(FIRST_NAMES.length)}) % ${num(LAST_NAMES.length)}] || case when n % 7 = 0 then '-' || n else '' end,
               case when n % 4 = 0 then null else (${list(JOB_TITLES)})[1 + n % ${num(JOB_TITLES.length)}] end,
               case when n % 10 = 0 then 'internal' else 'external' end,
               -- One in fifty an administrator, by a hash of n: a residue of n would tie it to the names
               -- and statuses (all administrators were inactive): no filter pair is all or nothing.
               case when abs(hashint4(n)) % 50 = 0 then 'admin' else 'regular' end,
               'SC-' || n,
               case when n % 25 = 0 then 'inactive' else 'active' end,
               case when n % 33 = 0 then null else now() - interval '400 days' end,
               case when n % 9 = 0 then null else now() - (n % 365) * interval '1 day' end,
               now() - interval '400 days', now(),
               preferred.name,
               case when second.name is null then preferred.name
                    else least(preferred.name, second.name) || ' ' || greatest(preferred.name, second.name) end,
               true,
               array(select distinct b from unnest(array[preferred.brand_id, second.brand_id]) b where b is not null order by b),
               array(select distinct r from unnest(array[preferred.region_code, second.region_code]) r where r is not null order by r)
        from generate_series(1, ${num(size.users)}) as n
        -- What the assignments below give (what the database's triggers would write: names, brands,
        -- regions): made here, the triggers find nothing to change instead of rewriting every user (ADR 42).
        cross join lateral (select o.name, o.brand_id, o.region_code from ${organizations} o
          where o.id = ${num(first)} + n % ${num(size.locations)}) preferred
        left join lateral (select o.name, o.brand_id, o.region_code from ${organizations} o
          where o.id = ${num(first)} + (n * 7 + 1) % ${num(size.locations)}
            and n % 10 = 0 and (n * 7 + 1) % ${num(size.locations)} <> n % ${num(size.locations)}) second on true
        returning id
      ) select min(id)::int as "firstUser" from made`,
      )
      .then(rowsOf<{ firstUser: number }>);
    await tx.execute(sql`
      insert into ${roleAssignments} (identity_id, security_role_id, organization_id, is_preferred)
      select ${num(firstUser)} + n - 1, ${num(role.id)}, ${num(first)} + (n % ${num(size.locations)}), true
      from generate_series(1, ${num(size.users)}) as n
      union all
      select ${num(firstUser)} + n - 1, ${num(role.id)}, ${num(first)} + ((n * 7 + 1) % ${num(size.locations)}), false
      from generate_series(1, ${num(size.users)}) as n where n % 10 = 0 and (n * 7 + 1) % ${num(size.locations)} <> n % ${num(size.locations)}`);
    const passwordHash = await hash(DEMO_PASSWORD);
    const [admin, scoped] = await tx
      .insert(identities)
      .values(
        [SCALE_ADMIN, SCOPED_ADMIN].map((who, n) => ({
          ...who,
          userType: "external" as const,
          role: "admin" as const,
          serialNumber: `SC-ADMIN-${n + 1}`,
          passwordHash,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: identities.id });
    await tx.execute(sql`
      insert into ${roleAssignments} (identity_id, security_role_id, organization_id, is_preferred)
      select ${num(admin.id)}, ${num(adminRole.id)}, ${num(first)} + n, n = 0 from generate_series(0, ${num(size.locations - 1)}) as n`);
    await tx.execute(sql`
      insert into ${roleAssignments} (identity_id, security_role_id, organization_id, is_preferred)
      select ${num(scoped.id)}, ${num(adminRole.id)}, ${num(first)} + n, n = 0
      from generate_series(0, ${num(Math.min(SCOPED_LOCATIONS, size.locations) - 1)}) as n`);
    // The administrators' security review is done (today): the lists, not the review modals, open at sign-in.
    await tx.execute(sql`
      insert into ${securityReviews} (reviewer_id, organization_ids, confirmed_at)
      select ${num(admin.id)}, array_agg(${num(first)} + n), now() from generate_series(0, ${num(size.locations - 1)}) as n`);
    // Every location's required directory roles are held (by one of its users): no location needs attention.
    await tx.execute(sql`
      insert into ${directoryAssignments} (item_id, organization_id, identity_id)
      select di.id, o.id, (select ra.identity_id from ${roleAssignments} ra
                           where ra.organization_id = o.id and ra.identity_id not in (${num(admin.id)}, ${num(scoped.id)}) limit 1)
      from ${organizations} o
      join directory_configurations dc on dc.brand_id = o.brand_id
      join directory_items di on di.configuration_id = dc.id and di.required
      where o.id between ${num(first)} and ${num(first + size.locations - 1)}
        and exists (select 1 from ${roleAssignments} ra
                    where ra.organization_id = o.id and ra.identity_id not in (${num(admin.id)}, ${num(scoped.id)}))`);
  });
  await database.execute(sql`analyze`);
  return { seeded: true };
}
