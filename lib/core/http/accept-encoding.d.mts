export declare function encodingWeight(header: string | string[] | undefined, coding: string): number;
export declare function acceptedEncodings<C extends string>(header: string | string[] | undefined, codings: readonly C[]): C[];
