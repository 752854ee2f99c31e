import type { Metadata } from 'next';
import { ContentArticle } from '@/components/shop/content/content-article';
import { markdownText } from '@/lib/content/markdown';
import { getContentPage } from '@/lib/content/pages';
import { describe, pageMetadata } from '@/lib/seo/metadata';
import { logError } from '@/lib/core/log';

export const revalidate = 300;

// Shown until the shop writes its own 'about' page in the admin's Content Pages.
const FALLBACK = {
  title: 'About Us',
  content: [
    'Aurelia has designed and made fine jewelry since 2003. What began as a small bench workshop now supplies boutiques, galleries and jewelers around the world.',
    'Every ring, necklace, bracelet, earring and body piece is cast, set and polished in our own workshop, in sterling silver, gold and rose gold.',
    'Custom design: bring us a sketch, a stone or an idea, and our designers will develop it with you into a piece made for your shop.',
    'Quality assurance: each piece is inspected for finish, setting and metal before it leaves us, and we stand behind every order.',
  ].join('\n'),
};

async function load() {
  try {
    return await getContentPage('about');
  } catch (err) {
    logError('About page query failed', err);
    return null;
  }
}

export async function generateMetadata(): Promise<Metadata> {
  const page = await load();
  const content = page?.content ?? FALLBACK.content;
  return pageMetadata({
    title: page?.title ?? FALLBACK.title,
    description: describe(markdownText(content)),
    path: '/about',
  });
}

export default async function AboutPage() {
  const page = await load();
  return page ? (
    <ContentArticle title={page.title} content={page.content} lastUpdated={page.lastUpdated} />
  ) : (
    <ContentArticle title={FALLBACK.title} content={FALLBACK.content} />
  );
}
