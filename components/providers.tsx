'use client';
import { Toaster } from 'sonner';

/** Client-side providers shared by every page (the cart provider joins here). */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      {/* Top centre keeps toasts clear of the cart and checkout buttons. SPEC §9: success 2 s, error 4 s, 20 at most. */}
      <Toaster position="top-center" duration={2000} visibleToasts={20} richColors closeButton />
    </>
  );
}
