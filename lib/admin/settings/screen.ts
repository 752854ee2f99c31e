import 'server-only';
// The settings screen's data, read as the admin: the settings (admin_shop_settings(), which answers admins only)
// and the latest changes from the history the table's trigger keeps.
import { withActor, type DbActor } from '../../core/db';
import { formatDateTime } from '../../core/format/date';
import { readAdminShopSettings, type AdminShopSettings } from '../../settings/shop-settings';
import { SETTINGS_COLUMNS, SETTINGS_LABELS } from './fields';

export const SETTINGS_HISTORY_SIZE = 20;

export interface SettingsChange {
  id: number;
  /** The field as the form labels it ('Support email'). */
  label: string;
  from: string;
  to: string;
  /** Who saved it: an admin's e-mail, or null for a change made outside the back office (the seed). */
  actor: string | null;
  /** In the shop's time zone. */
  at: string;
}

export interface SettingsScreen {
  settings: AdminShopSettings | null;
  history: SettingsChange[];
}

export async function loadSettingsScreen(actor: DbActor, timeZone: string): Promise<SettingsScreen> {
  return withActor(actor, async (tx) => {
    const settings = await readAdminShopSettings(tx);
    const rows = await tx<{ id: string; field: string; from_value: string | null; to_value: string | null; actor_email: string | null; created_at: Date }[]>`
      select id, field, from_value, to_value, actor_email, created_at
        from public.shop_settings_events order by id desc limit ${SETTINGS_HISTORY_SIZE}`;
    const history = rows.map((r) => {
      const field = SETTINGS_COLUMNS[r.field];
      return {
        id: Number(r.id),
        label: field ? SETTINGS_LABELS[field] : r.field,
        from: r.from_value ?? '',
        to: r.to_value ?? '',
        actor: r.actor_email,
        at: formatDateTime(r.created_at, timeZone),
      };
    });
    return { settings, history };
  });
}
