import { sql, type SQL } from "drizzle-orm";

/**
 * The security roles that grant a feature, as a subquery of ids: those listing it, and every
 * parent of one of them (a parent holds its children's features). The security review's
 * reminders and a reactivation request's recipients find the users' administrators with it.
 */
export function rolesGrantingSql(feature: string): SQL {
  return sql`(with recursive granting(id) as (
      select id from security_roles where ${feature} = any(features)
      union
      select c.parent_id from security_role_children c join granting g on c.child_id = g.id
    ) select id from granting)`;
}
