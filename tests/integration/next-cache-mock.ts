// Route handlers and actions called outside Next.js have no cache to revalidate: next/cache is a recorder here, so
// tests can assert which tags a write revalidates (`vi.mocked(revalidateTag)`), and unstable_cache runs its function.
import { vi } from 'vitest';

vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), revalidatePath: vi.fn(), unstable_cache: (fn: unknown) => fn }));
