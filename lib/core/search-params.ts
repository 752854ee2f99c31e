// A page's search params as Next.js passes them: a name may be missing, given once or repeated. Pure.

export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of a param (a repeated `?page=2&page=3` reads as 2). */
export function firstParam(value: string | string[] | null | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
}

/** The first value of `name`, from a page's params or a request's URLSearchParams. */
export function paramOf(params: SearchParams | URLSearchParams, name: string): string | undefined {
  return firstParam(params instanceof URLSearchParams ? params.get(name) : params[name]);
}
