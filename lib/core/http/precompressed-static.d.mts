import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function chooseEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null;
export declare class PrecompressedStatic {
  constructor(staticDir: string);
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}
