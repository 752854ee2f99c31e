// The frame every mail of the shop shares: the shop's name at the top on a gold rule, the message, and the shop's
// address and contacts at the foot (from the shop settings). Table-based, via React Email's components, so it holds
// in Outlook and Gmail alike.
import { Body, Container, Head, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { styles } from './theme';

/** Who the mail is from, as the shop settings say, and where the shop is. */
export interface MailShop {
  name: string;
  postalAddress: string;
  supportEmail: string;
  supportPhone: string;
  /** The site's own address (SITE_URL): every link in a mail is absolute. */
  siteUrl: string;
}

/** A multi-line setting (the postal address) as lines of text, each escaped like any other text. */
export function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  return (
    <>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </>
  );
}

export function MailLayout({ preview, shop, children }: { preview: string; shop: MailShop; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>{shop.name}</Text>
          </Section>
          <Section style={styles.content}>{children}</Section>
          <Section style={styles.footer}>
            <Text style={styles.small}>{shop.name}</Text>
            {shop.postalAddress ? (
              <Text style={styles.small}>
                <Lines text={shop.postalAddress} />
              </Text>
            ) : null}
            {shop.supportEmail || shop.supportPhone ? (
              <Text style={styles.small}>
                Questions? {shop.supportEmail ? <Link href={`mailto:${shop.supportEmail}`} style={styles.link}>{shop.supportEmail}</Link> : null}
                {shop.supportEmail && shop.supportPhone ? ' · ' : null}
                {shop.supportPhone ? shop.supportPhone : null}
              </Text>
            ) : null}
            <Text style={styles.small}>
              <Link href={shop.siteUrl} style={styles.link}>
                {shop.siteUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
