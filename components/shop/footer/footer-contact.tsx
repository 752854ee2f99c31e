import type { ShopSettings } from '@/lib/settings/shop-settings';

/** 'tel:' wants digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The shop's contact line from its settings: postal address, support e-mail and phone, each only when set. */
export function FooterContact({ settings }: { settings: ShopSettings }) {
  const address = settings.postalAddress.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (address.length === 0 && !settings.supportEmail && !settings.supportPhone) return null;
  return (
    <address className="mt-4 space-y-1 text-sm not-italic leading-relaxed text-stone-muted" data-testid="footer-contact">
      {address.length > 0 && <p>{address.join(', ')}</p>}
      {(settings.supportEmail || settings.supportPhone) && (
        <p className="flex flex-wrap gap-x-3">
          {settings.supportEmail && <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>}
          {settings.supportPhone && (
            <a href={telHref(settings.supportPhone)} className="tabular">
              {settings.supportPhone}
            </a>
          )}
        </p>
      )}
    </address>
  );
}
