'use server';
// Editing a content page: title and content, as the admin under RLS. last_updated is set by the table's trigger, and
// the storefront's cached pages are dropped (the `content` tag), so the page shows the change on its next request.
import { z } from 'zod';
import { defineAction } from '../../entry/define-action';
import { ActionError } from '../../core/action-result';

import { isUuid, text } from '../../core/validation/text';
import { PAGE_CONTENT_MAX, PAGE_TITLE_MAX } from './rules';
import { CONTENT_TAG } from '../../core/cache/tags';

const pageSchema = z.object({
  pageId: z.string({ error: 'The page id is missing.' }).refine(isUuid, { error: 'That is not a page id.' }),
  title: text({ max: PAGE_TITLE_MAX, min: 1, label: 'Title', minMessage: 'Title is required' }),
  content: text({ max: PAGE_CONTENT_MAX, multiline: true, label: 'Content' }),
}, { error: 'Send the page id, its title and its content.' });

export const updateContentPage = defineAction({
  name: 'admin.pages.update',
  access: 'admin',
  schema: pageSchema,
  success: 'Page updated successfully',
  failure: 'Something went wrong on our side. Please try again.',
  revalidate: [CONTENT_TAG],
  run: async ({ pageId, title, content }, { tx }) => {
    const [row] = await tx<{ page_slug: string; last_updated: Date }[]>`
      update public.page_content set page_title = ${title}, content = ${content}
       where page_id = ${pageId} returning page_slug, last_updated`;
    if (!row) throw new ActionError('That page does not exist.', 404);
    return { slug: row.page_slug, lastUpdated: row.last_updated.toISOString() };
  },
});
