/** The one product gallery of a page. */
export const GALLERY_ID = 'product-gallery';

/** The main image's alt text: with its place when there are several. */
export function galleryAlt(name: string, index: number, count: number): string {
  return count > 1 ? `${name}, image ${index + 1} of ${count}` : name;
}
