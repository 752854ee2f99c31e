import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function acceptsBrotli(header: string | string[] | undefined): boolean;
export declare class PrecompressedStatic {
  constructor(staticDir: string);
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}
