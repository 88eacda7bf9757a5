/**
 * What creating a row of a Sequelize model takes: its attributes, with `K` (ids, timestamps and
 * columns with a database default) optional.
 */
export type Creation<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * A service's models, defined once per Sequelize instance: `modelsOf(sequelize)` defines them on
 * the first call and gives the same ones back after, so repositories can ask for them freely.
 */
export function perInstance<S extends object, M>(define: (sequelize: S) => M): (sequelize: S) => M {
  const defined = new WeakMap<S, M>();
  return (sequelize) => {
    let models = defined.get(sequelize);
    if (!models) {
      models = define(sequelize);
      defined.set(sequelize, models);
    }
    return models;
  };
}
