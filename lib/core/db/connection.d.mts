import type { ConnectionOptions } from 'node:tls';

export type PostgresSsl = boolean | 'prefer' | 'require' | ConnectionOptions;
export declare function postgresSsl(databaseUrl: string, readCa?: (path: string) => Buffer): PostgresSsl | undefined;
export declare function isTransactionPooler(databaseUrl: string): boolean;
export declare function connectionFor(
  databaseUrl: string,
  readCa?: (path: string) => Buffer,
): { url: string; options: { prepare: boolean; ssl?: PostgresSsl } };
