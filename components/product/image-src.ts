// Kept for existing imports: the one rule of which images the optimiser may fetch lives with the srcset helper.
export { canOptimize } from '@/components/shop/listing/image-srcset';
