import type { SettingsChange } from '@/lib/admin/settings/screen';

/** A value as the history shows it: one line, cut when long, 'empty' when cleared. */
function Value({ text }: { text: string }) {
  if (!text) return <span className="italic text-stone-muted">empty</span>;
  const line = text.replace(/\s*\n\s*/g, ' · ');
  return <span title={text}>{line.length > 200 ? `${line.slice(0, 200)}…` : line}</span>;
}

/** The latest changes to the settings, newest first: field, old and new value, who and when. */
export function SettingsHistory({ changes }: { changes: SettingsChange[] }) {
  return (
    <section className="adm-panel" aria-labelledby="settings-history-heading">
      <h2 id="settings-history-heading" className="adm-h2">
        History
      </h2>
      {changes.length === 0 ? (
        <p className="adm-muted mt-2">No changes yet</p>
      ) : (
        <ol className="mt-3 space-y-2 text-sm" data-testid="settings-history">
          {changes.map((c) => (
            <li key={c.id} className="border-l-2 border-neutral-300 pl-2">
              <p className="font-medium">{c.label}</p>
              <p className="break-words text-xs">
                <Value text={c.from} /> → <Value text={c.to} />
              </p>
              <p className="text-xs text-stone-muted">
                {c.at} · {c.actor ?? 'Set up'}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
