/**
 * What creating a row of a Sequelize model takes: its attributes, with `K` (ids, timestamps and
 * columns with a database default) optional.
 */
export type Creation<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
