// Content page text rules. Pure.

/** Content is plain text: each non-blank line is one paragraph. */
export function contentParagraphs(content: string | null | undefined): string[] {
  if (!content) return [];
  return content
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** 'Last updated: January 5, 2026'. */
export function lastUpdatedLabel(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return `Last updated: ${Number.isNaN(d.getTime()) ? String(date) : dateFormat.format(d)}`;
}

/** Slugs as page_content stores them: lower-case words joined by single hyphens. */
export function isContentSlug(slug: string): boolean {
  return slug.length <= 100 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug);
}

export const CONTENT_NOT_FOUND = {
  title: 'Page Not Found',
  message: "The page you're looking for doesn't exist or has been moved.",
  action: 'Return to Home',
} as const;
