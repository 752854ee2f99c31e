import type postgres from 'postgres';

export const CHANNEL: string;
export function tagsDatabaseUrl(env?: Record<string, string | undefined>): string;
export function connectTags(url?: string): postgres.Sql;
export function publishTags(sql: postgres.Sql, tags: readonly string[], from?: string | null): Promise<void>;
export function tagsRevalidatedSince(sql: postgres.Sql, since: Date | null): Promise<{ tag: string; revalidated_at: Date }[]>;
export function subscribeTags(
  sql: postgres.Sql,
  handlers: { onTags: (tags: string[], from: string | null) => void; onConnect?: () => void | Promise<void> },
): Promise<{ unlisten(): Promise<void> }>;
export function isListening(sql: postgres.Sql | null | undefined): boolean;
