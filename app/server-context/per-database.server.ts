/**
 * A value kept per database object, made on first use. One process may hold several databases
 * (the service tests run PGlite and PostgreSQL side by side); a cache must never mix them.
 */
export function perDatabase<V>(make: () => V): (database: object) => V {
  const values = new WeakMap<object, V>();
  return (database) => {
    let value = values.get(database);
    if (value === undefined) {
      value = make();
      values.set(database, value);
    }
    return value;
  };
}
