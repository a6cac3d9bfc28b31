import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog, identities, organizations } from "~/db/schema";
import { list, num, rowsOf } from "./seed-scale";

/** The share of the generated history about organizations (the rest is about users). */
const ORGANIZATION_SHARE = 0.01;
/** Fields an administrator's edit of a user changes, in the generated history. */
const USER_FIELDS = ["jobTitle", "status", "roles", "phone", "preferredLocation"];
const ORGANIZATION_FIELDS = ["name", "address", "phone", "dealerCode"];

/**
 * `npm run seed:scale -- --audit N` (issue #37 §5): N audit rows over the last `days` days about the
 * scale users (`seedScale` first) and their locations, generated in the database and written in
 * time order (ids grow with time, as a running portal writes them). Per user: a creation by an
 * administrator, sign-ins by the user (most of the history), edits by administrators and the
 * system. Done once: a second run finds rows about the scale users and does nothing.
 */
export async function seedAuditScale(
  database: Database,
  size: { rows: number; days: number },
): Promise<{ seeded: boolean }> {
  const result = await database.execute(sql`
    select (select min(id) from ${identities} where email like 'user%@scale.example.com')::int as "firstUser",
           (select count(*) from ${identities} where email like 'user%@scale.example.com')::int as users,
           (select min(id) from ${organizations} where name like 'Scale Dealer %')::int as "firstLocation",
           (select count(*) from ${organizations} where name like 'Scale Dealer %')::int as locations`);
  const [scale] = rowsOf<{ firstUser: number | null; users: number; firstLocation: number; locations: number }>(result);
  if (scale.firstUser === null || scale.users === 0) throw new Error("seed the scale users first (seedScale)");
  const [seen] = rowsOf<{ seen: boolean }>(
    await database.execute(
      sql`select exists (select 1 from ${auditLog} where entity = 'identity' and entity_id = ${num(scale.firstUser)}) as seen`,
    ),
  );
  if (seen.seen) return { seeded: false };
  const perUser = Math.max(1, Math.round((size.rows * (1 - ORGANIZATION_SHARE)) / scale.users));
  const perLocation = Math.max(1, Math.round((size.rows * ORGANIZATION_SHARE) / Math.max(1, scale.locations)));
  const seconds = num(size.days * 86_400);
  // Administrators who make the edits: fifty of the scale's (their ids, as an array).
  await database.execute(sql`
    insert into ${auditLog} (entity, entity_id, operation, field, old_value, new_value, changed_on, changed_by)
    select entity, entity_id, operation, field, old_value, new_value, changed_on, changed_by from (
      select 'identity' as entity, u as entity_id,
             case when k = 0 then 'create' when k % 47 = 46 then 'resync' else 'update' end as operation,
             case when k = 0 or k % 47 = 46 then null when k % 10 < 7 then 'lastLoginAt'
                  else (${list(USER_FIELDS)})[1 + abs(hashint4(u + k)) % ${num(USER_FIELDS.length)}] end as field,
             case when k % 10 between 1 and 6 then 'before ' || k end as old_value,
             case when k % 10 between 1 and 6 then 'after ' || k end as new_value,
             now() - (abs(hashint4(u * 131 + k)) % ${seconds}) * interval '1 second' as changed_on,
             case when k > 0 and k % 10 < 7 then u
                  when k % 13 = 12 then null
                  else admins.ids[1 + abs(hashint4(u - k)) % array_length(admins.ids, 1)] end as changed_by
      from generate_series(${num(scale.firstUser)}, ${num(scale.firstUser + scale.users - 1)}) as u
      cross join generate_series(0, ${num(perUser - 1)}) as k
      cross join (select array_agg(id) as ids from (select id from ${identities}
                  where email like 'user%@scale.example.com' and role = 'admin' order by id limit 50) a) admins
      union all
      select 'organization', o, case when k = 0 then 'create' else 'update' end,
             case when k = 0 then null else (${list(ORGANIZATION_FIELDS)})[1 + abs(hashint4(o + k)) % ${num(ORGANIZATION_FIELDS.length)}] end,
             'before ' || k, 'after ' || k,
             now() - (abs(hashint4(o * 17 + k)) % ${seconds}) * interval '1 second',
             null
      from generate_series(${num(scale.firstLocation)}, ${num(scale.firstLocation + scale.locations - 1)}) as o
      cross join generate_series(0, ${num(perLocation - 1)}) as k
    ) generated
    order by changed_on`);
  await database.execute(sql`analyze ${auditLog}`);
  return { seeded: true };
}
