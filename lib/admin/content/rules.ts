// Content page editing limits, shared by the editor form and the server action. Pure.

export const PAGE_TITLE_MAX = 200;
/** About 100 kB of text: far above any real page, far below what would burden the page or the database. */
export const PAGE_CONTENT_MAX = 100_000;
/** The content box is a 10-row text area. */
export const PAGE_CONTENT_ROWS = 10;

/** 'Failed to update page: {reason}'. */
export function pageUpdateFailure(reason: string): string {
  return `Failed to update page: ${reason}`;
}
