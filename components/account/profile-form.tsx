'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { TextField } from '@/components/ui/field';
import { useActionForm } from '@/components/ui/use-action-form';
import { updateAccountProfile } from '@/lib/account/actions';
import type { Profile } from '@/lib/account/types';

const FAILED = 'Failed to update profile. Please try again.';

/** E-mail read-only (it is the sign-in name); full name and phone saved with a toast. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const router = useRouter();
  const [fullName, setFullName] = useState(profile.fullName ?? '');
  const [phone, setPhone] = useState(profile.phone ?? '');
  const { form, errors, pending, submit: send } = useActionForm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input = { full_name: fullName, phone_number: phone };
    // The schema (and zod) load with the first save, not with the page.
    const { profileSchema } = await import('@/lib/account/schemas');
    const result = await send(input, profileSchema, updateAccountProfile);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? 'Profile updated');
      router.refresh();
      return;
    }
    toast.error(result.status < 500 ? result.error : FAILED, { duration: 4000 });
  }

  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-2xl">
        Profile Information
      </h2>
      <form ref={form} onSubmit={submit} noValidate className="mt-6 flex max-w-lg flex-col gap-4" aria-label="Profile">
        <TextField
          id="profile-email"
          label="Email address"
          type="email"
          value={profile.email}
          readOnly
          aria-readonly
          hint="Your email address is your sign-in name and cannot be changed here."
          className="bg-ivory-deep! text-ink-soft"
        />
        <TextField
          id="profile-full-name"
          name="full_name"
          label="Full name"
          autoComplete="name"
          value={fullName}
          error={errors.full_name}
          disabled={pending}
          onChange={(e) => setFullName(e.target.value)}
        />
        <TextField
          id="profile-phone"
          name="phone_number"
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          error={errors.phone_number}
          disabled={pending}
          onChange={(e) => setPhone(e.target.value)}
        />
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className="btn-primary w-fit"
        >
          {pending ? 'Saving...' : 'Save Changes'}
        </button>
      </form>
    </section>
  );
}
