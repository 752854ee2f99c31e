-- Back office catalog screens: a stored image file is removed only when no image row names its URL any more (a
-- deleted product or image, an import that attached another product's picture), which this index answers at once.
create index product_images_url_idx on public.product_images (image_url);
