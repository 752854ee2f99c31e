// The trade account mails share one shape: a heading, a few paragraphs, staff's own words when there are any, the
// application's details for the shop, and one button. Every word comes in from messages.ts (labels.ts).
import { Section, Text } from '@react-email/components';
import { MailLayout, type MailShop } from '../mail/templates/layout';
import { ButtonLink } from '../mail/templates/parts';
import { styles } from '../mail/templates/theme';

export interface TradeMailProps {
  shop: MailShop;
  preview: string;
  heading: string;
  paragraphs: string[];
  /** Staff's message or reason, shown as they wrote it. */
  note?: string | null;
  /** Label and value lines (the shop's notice of an application). */
  details?: [string, string][];
  button: { href: string; label: string };
}

export function TradeMail(p: TradeMailProps) {
  return (
    <MailLayout preview={p.preview} shop={p.shop}>
      <Text style={styles.h1}>{p.heading}</Text>
      {p.paragraphs.map((text, i) => (
        <Text key={i} style={styles.text}>
          {text}
        </Text>
      ))}
      {p.note ? <Text style={{ ...styles.text, whiteSpace: 'pre-line' }}>“{p.note}”</Text> : null}
      {p.details && p.details.length > 0 ? (
        <Section style={{ margin: '0 0 12px' }}>
          {p.details.map(([label, value]) => (
            <Text key={label} style={{ ...styles.text, margin: '0 0 4px' }}>
              {label}: {value}
            </Text>
          ))}
        </Section>
      ) : null}
      <Section style={{ margin: '16px 0' }}>
        <ButtonLink href={p.button.href}>{p.button.label}</ButtonLink>
      </Section>
    </MailLayout>
  );
}
