'use client';
// The colleagues of a trade account: the people on it, the owner's open invitations (send again, cancel) and the
// invite form. The data comes loaded from the server (lib/trade/colleagues.ts, loadColleagues); each write is a
// server action, then the page is read again.
import { Mail, UserRound } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { TextField } from '@/components/ui/field';
import { useActionForm } from '@/components/ui/use-action-form';
import type { ActionResult } from '@/lib/core/action-result';
import { cancelTradeInvite, inviteTradeColleague, removeTradeColleague } from '@/lib/trade/colleagues/actions';
import { COLLEAGUE_ERRORS, COLLEAGUES_PANEL as L } from '@/lib/trade/colleague-labels';
import type { ColleagueView, ColleaguesView, InviteView } from '@/lib/trade/colleagues';

const Dialog = dynamic(() => import('@/components/ui/dialog').then((m) => m.Dialog), { ssr: false });

const who = (c: Pick<ColleagueView, 'name' | 'email'>) => c.name ?? c.email;

function Person({ person, onRemove, busy }: { person: ColleagueView; onRemove?: () => void; busy: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="trade-colleague">
      <div className="flex min-w-0 items-center gap-3">
        <UserRound aria-hidden className="size-5 shrink-0 text-stone-muted" />
        <div className="min-w-0">
          <p className="break-words text-ink">
            {who(person)} {person.isYou && <span className="text-stone-muted">{L.you}</span>}
          </p>
          <p className="text-sm break-all text-stone-muted">
            {person.name ? `${person.email} · ` : ''}
            {person.role === 'owner' ? L.owner : L.buyer} · {L.addedOn(person.addedOn)}
          </p>
        </div>
      </div>
      {onRemove && (
        <button type="button" onClick={onRemove} disabled={busy} aria-label={L.removeLabel(who(person))} className="btn-outline h-9 px-3 text-sm">
          {L.remove}
        </button>
      )}
    </li>
  );
}

function Invite({ invite, onResend, onCancel, busy }: { invite: InviteView; onResend(): void; onCancel(): void; busy: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="trade-invite">
      <div className="flex min-w-0 items-center gap-3">
        <Mail aria-hidden className="size-5 shrink-0 text-stone-muted" />
        <div className="min-w-0">
          <p className="break-all text-ink">{invite.email}</p>
          <p className={`text-sm ${invite.expired ? 'text-red-700' : 'text-stone-muted'}`}>
            {invite.expired ? L.expired(invite.until) : L.sentOn(invite.sentOn, invite.until)}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <button type="button" onClick={onResend} disabled={busy} className="btn-outline h-9 px-3 text-sm">
          {L.resend}
        </button>
        <button type="button" onClick={onCancel} disabled={busy} aria-label={L.cancelLabel(invite.email)} className="btn-outline h-9 px-3 text-sm">
          {L.cancel}
        </button>
      </div>
    </li>
  );
}

/** The colleagues section of the account's trade panel: everyone on the account sees it, its owner manages it. */
export function TradeColleagues({ view }: { view: ColleaguesView }) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ColleagueView | null>(null);
  const { form, errors, pending, submit: send } = useActionForm();

  /** Runs one write for the row `key`, says how it went and reads the page again. */
  async function run<T>(key: string, call: () => Promise<ActionResult<T>>, failure: string): Promise<boolean> {
    if (busy) return false;
    setBusy(key);
    const result = await call().catch(() => null);
    setBusy(null);
    if (!result?.ok) {
      toast.error(result && result.status < 500 ? result.error : failure, { duration: 4000 });
      return false;
    }
    if (result.message) toast.success(result.message);
    router.refresh();
    return true;
  }

  async function invite(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    // The schema (and zod) load with the first invitation, not with the page.
    const { inviteSchema } = await import('@/lib/trade/colleagues-rules');
    const result = await send({ email }, inviteSchema, inviteTradeColleague);
    if (!result) return;
    if (result.ok) {
      toast.success(result.message ?? '');
      setEmail('');
      router.refresh();
      return;
    }
    if (!result.fieldErrors?.email) toast.error(result.status < 500 ? result.error : COLLEAGUE_ERRORS.inviteFailed, { duration: 4000 });
  }

  async function confirmRemove() {
    if (!removing) return;
    const done = await run(removing.userId, () => removeTradeColleague({ userId: removing.userId }), COLLEAGUE_ERRORS.removeFailed);
    if (done) setRemoving(null);
  }

  const manage = view.canManage;
  return (
    <section aria-labelledby="trade-colleagues-heading" className="flex flex-col gap-6" data-testid="trade-colleagues">
      <div>
        <h3 id="trade-colleagues-heading" className="text-xl">
          {L.heading}
        </h3>
        <p className="mt-1 text-sm text-stone-muted">{view.isOwner ? L.intro(view.limit) : L.buyerIntro(view.businessName)}</p>
      </div>

      <div>
        <h4 className="text-sm font-medium text-ink-soft">{L.members}</h4>
        <ul className="divide-y divide-stone-line border-y border-stone-line">
          {view.colleagues.map((person) => (
            <Person
              key={person.userId}
              person={person}
              busy={busy !== null}
              onRemove={manage && person.role === 'buyer' ? () => setRemoving(person) : undefined}
            />
          ))}
        </ul>
      </div>

      {view.isOwner && view.invites.length > 0 && (
        <div>
          <h4 className="text-sm font-medium text-ink-soft">{L.pending}</h4>
          <ul className="divide-y divide-stone-line border-y border-stone-line">
            {view.invites.map((inv) => (
              <Invite
                key={inv.id}
                invite={inv}
                busy={busy !== null || !manage}
                onResend={() => run(inv.id, () => inviteTradeColleague({ email: inv.email }), COLLEAGUE_ERRORS.inviteFailed)}
                onCancel={() => run(inv.id, () => cancelTradeInvite({ inviteId: inv.id }), COLLEAGUE_ERRORS.cancelFailed)}
              />
            ))}
          </ul>
        </div>
      )}

      {view.isOwner && !view.approved && <p className="text-sm text-stone-muted">{L.notApproved}</p>}
      {manage && view.placesLeft === 0 && <p className="text-sm text-stone-muted">{L.full(view.limit)}</p>}
      {manage && view.placesLeft > 0 && (
        <form ref={form} onSubmit={invite} noValidate className="flex max-w-lg flex-col gap-3" aria-label={L.inviteHeading}>
          <h4 className="text-sm font-medium text-ink-soft">{L.inviteHeading}</h4>
          <TextField
            id="trade-colleague-email"
            name="email"
            type="email"
            autoComplete="off"
            label={L.email}
            hint={L.emailHint}
            value={email}
            error={errors.email}
            disabled={pending}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" disabled={pending} aria-busy={pending || undefined} className="btn-primary w-fit">
            {pending ? L.sending : L.invite}
          </button>
        </form>
      )}

      {removing && (
        <Dialog
          open
          onOpenChange={(open) => !open && busy === null && setRemoving(null)}
          title={L.remove}
          description={L.removeConfirm(who(removing))}
          role="alertdialog"
        >
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" onClick={() => setRemoving(null)} disabled={busy !== null} className="btn-outline h-11 px-5">
              {L.keep}
            </button>
            <button
              type="button"
              onClick={confirmRemove}
              disabled={busy !== null}
              aria-busy={busy !== null || undefined}
              className="h-11 rounded-md bg-red-800 px-5 text-sm font-medium text-white hover:bg-red-900 disabled:opacity-70"
            >
              {L.remove}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
