import type { IncomingMessage } from 'node:http';

export declare const CLIENT_ADDRESS_HEADER: 'x-shop-client-address';
export declare function plainAddress(address: string | undefined | null): string | null;
export declare function stampClientAddress(req: IncomingMessage): void;
