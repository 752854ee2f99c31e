// Row types for the server's reads, from the generated database types (npm run db:types).
import type { DriverValues, Tables } from './database.types';

export type { Tables, TablesInsert, TablesUpdate } from './database.types';

/** A table or view of the public schema. */
export type TableName = keyof DriverValues;

/**
 * Columns `K` of table or view `T` as postgres.js reads them: Supabase's Row (typed for the Data API's JSON), with the
 * columns the driver reads otherwise (dates and timestamps as Date, numeric and bigint as text) typed as it reads them.
 */
export type DbRow<T extends TableName, K extends keyof Tables<T> = keyof Tables<T>> = {
  [C in K]: C extends keyof DriverValues[T] ? DriverValues[T][C] | Extract<Tables<T>[C], null> : Tables<T>[C];
};
