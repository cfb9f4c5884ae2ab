import { type AnySQLiteColumn, text } from 'drizzle-orm/sqlite-core';

/**
 * A text column naming a row of another table (`target`, its key), required, whose deletion deletes this
 * row too (ON DELETE CASCADE): how a table says whose its rows are.
 */
export const cascadeRef = (name: string, target: () => AnySQLiteColumn) =>
  text(name).notNull().references(target, { onDelete: 'cascade' });
