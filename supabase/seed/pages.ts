// Content pages for every slug the header and footer link to. Each line of `content` becomes one paragraph.

export interface SeedPage {
  slug: string;
  title: string;
  content: string;
}

const lines = (...paragraphs: string[]) => paragraphs.join('\n');

export const PAGES: readonly SeedPage[] = [
  {
    slug: 'about',
    title: 'About Aurelia Fine Jewelry',
    content: lines(
      'Aurelia Fine Jewelry designs and manufactures rings, necklaces, bracelets, earrings and body jewelry for independent jewelers, boutiques and gift shops. We have supplied the trade since 2003.',
      'Everything in our catalog is made in sterling silver, 14k yellow gold or 14k rose gold, and most designs are offered in all three metals so you can build a coherent display at several price points.',
      'We sell wholesale only. Prices on this site are trade prices, and each product shows its minimum order quantity (MOQ). You can mix designs, metals and sizes freely in one order.',
      'Beyond the catalog we offer custom design: private-label collections, engraving, and variations on existing pieces in your choice of stones and finishes. Ask our team for a quote.',
      'Every piece is inspected before it leaves the workshop. Metal content is hallmarked, stones are checked against their specification, and clasps and settings are tested by hand.',
      'Questions about an order or a product? Write to trade@aurelia.example or call +1 (212) 555-0100, Monday to Friday, 9 am to 6 pm Eastern.',
    ),
  },
  {
    slug: 'our-story',
    title: 'Our Story',
    content: lines(
      'Aurelia began in 2003 as a two-bench workshop in New York, making sterling silver stacking rings for a handful of shops on the East Coast.',
      'Our founders came from the trade side of the business. They knew what independent jewelers struggled with: high minimums, long lead times, and designs that were everywhere by the time they reached the counter.',
      'So we kept minimums low, held stock of our best sellers, and released new designs in small runs through the year instead of one big launch. That approach still shapes how we work today.',
      'In 2009 we added 14k gold and rose gold lines. In 2014 we opened our own casting room, which lets us control quality from wax model to final polish and turn custom orders around in weeks rather than months.',
      'Today we work with more than a thousand retailers across North America. Many of them have been with us for over a decade, and a good share of our new designs start as a conversation with one of them.',
      'We are still a maker first. Every collection is drawn, modelled and sampled in-house, and every piece is finished by hand before it is packed for you.',
    ),
  },
  {
    slug: 'faqs',
    title: 'Frequently Asked Questions',
    content: lines(
      'Who can buy from Aurelia?',
      'We sell to retailers, boutiques, galleries and other trade buyers. Create an account to keep your addresses and order history in one place.',
      'What is an MOQ?',
      'The minimum order quantity is the smallest number of units of one product you can order. It is shown on every product card and product page; the quantity selector will not go below it.',
      'Can I mix metals and sizes?',
      'Yes. The MOQ applies per product, and you can choose any combination of stone, metal and size that has a price shown.',
      'Why are some sizes unavailable?',
      'Some lengths and sizes are not produced for every design. Options without a price are shown as unavailable and cannot be added to the cart.',
      'What does Stone 2 mean?',
      'Many designs are offered with an alternative stone, for example a diamond upgrade or a lab-grown option. Choose it on the product page; the price updates to match.',
      'How do adjustable necklaces work?',
      'Adjustable necklaces have a sliding bead that sets any length from 16 to 20 inches, so they are priced once, at the 16-inch price.',
      'How do I pay?',
      'We accept all major credit and debit cards through our secure payment provider. Your order is confirmed as soon as the payment succeeds.',
      'Can I get a custom design?',
      'Yes. We produce private-label pieces, engraving and variations on catalog designs. Contact us with a sketch or a reference and your target quantity.',
    ),
  },
  {
    slug: 'shipping-returns',
    title: 'Shipping & Returns',
    content: lines(
      'In-stock orders placed before 2 pm Eastern on a business day are dispatched the same day. Made-to-order items ship within 10 to 15 business days; the product page says when an item is made to order.',
      'All orders ship fully insured with signature on delivery. Domestic orders travel by UPS 2nd Day Air; international orders by express courier, with duties and taxes payable by the recipient.',
      'You will receive a tracking number by email as soon as your parcel leaves our workshop, and your order status in your account changes to Dispatched.',
      'If anything arrives damaged or does not match your order, tell us within 14 days of delivery and we will repair or replace it at no cost, including return shipping.',
      'Unworn stock items in their original packaging may be returned within 30 days for credit against a future order. Engraved, custom and made-to-order pieces cannot be returned unless they are faulty.',
      'To arrange a return, email trade@aurelia.example with your order reference. We will send a prepaid, insured return label.',
    ),
  },
  {
    slug: 'care-guide',
    title: 'Jewelry Care Guide',
    content: lines(
      'Good care keeps jewelry looking as it did on the day it was made. Share these notes with your customers; we are happy to supply printed care cards with every order.',
      'Sterling silver: store pieces in the anti-tarnish pouches they arrive in, away from air and humidity. Clean with a soft silver cloth. Our silver is rhodium-finished, so avoid abrasive polishes that would wear the finish away.',
      '14k gold and rose gold: wash in warm water with a drop of mild soap, rinse, and dry with a lint-free cloth. Gold does not tarnish, but it does scratch, so store pieces separately.',
      'Stones: diamonds, sapphires and rubies tolerate gentle brushing with a soft toothbrush. Emeralds, opals, pearls and turquoise are softer or porous; wipe them with a damp cloth only and never soak them.',
      'Pearls: put them on last and take them off first. Perfume, hairspray and lotions dull their lustre. Have strung pearls restrung every year or two if they are worn often.',
      'Everyday wear: remove jewelry before swimming, cleaning, exercise and sleep. Chlorine and household chemicals can damage both metals and stones.',
      'Body jewelry: clean with sterile saline solution only. Check that threaded ends are tight before each wear.',
    ),
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    content: lines(
      'This policy explains what personal information Aurelia Fine Jewelry collects when you use this site, and how we use and protect it.',
      'What we collect: your name, email address, phone number and the shipping and billing addresses you give us; the orders you place; and basic technical data such as your browser type, collected to keep the site secure.',
      'Payments: card details are entered directly with our payment provider and never reach or are stored on our servers. We keep a payment reference and the amount for each order.',
      'How we use it: to process and deliver your orders, to answer your questions, to keep your account and order history, and to meet our legal and accounting obligations. We do not sell your personal information.',
      'Who we share it with: our payment provider, our shipping carriers, and the service providers that host this site, each only as far as needed to do their job for us.',
      'How long we keep it: account information for as long as your account is open; order records for seven years, as tax law requires.',
      'Your rights: you can view and update your profile and addresses in your account at any time. To request a copy of your data or its deletion, write to privacy@aurelia.example.',
    ),
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of Service',
    content: lines(
      'These terms apply to every order placed on this site with Aurelia Fine Jewelry. By placing an order you agree to them.',
      'Trade sales: we sell at wholesale prices to businesses that resell jewelry. Prices are in US dollars and exclude any taxes or duties due in your country.',
      'Orders: an order is accepted when payment succeeds and you receive an order confirmation. Each product has a minimum order quantity, and only options shown with a price can be ordered.',
      'Prices and availability: we work hard to keep prices and stock current, but errors can happen. If a price is wrong, we will contact you before dispatch and you may cancel for a full refund.',
      'Delivery and risk: delivery times are estimates. Risk passes to you on delivery; title passes when payment has been received in full.',
      'Returns and warranty: our Shipping & Returns page describes returns. All pieces carry a one-year warranty against manufacturing defects.',
      'Intellectual property: our designs, product photographs and descriptions belong to Aurelia Fine Jewelry. Retailers may use our product images and text to sell our products.',
      'These terms are governed by the laws of the State of New York.',
    ),
  },
  {
    slug: 'cookie-policy',
    title: 'Cookie Policy',
    content: lines(
      'This site uses a small number of cookies and similar browser storage, only to make the shop work.',
      'Sign-in cookies keep you signed in to your account as you move between pages. They are removed when you sign out or when the session expires.',
      'Your cart is kept in your browser\'s local storage, so it survives a page reload without an account. Clearing your browser data empties it.',
      'Our payment provider sets its own cookies on the checkout page to prevent fraud. These are governed by the provider\'s privacy policy.',
      'We do not use advertising or cross-site tracking cookies.',
      'You can block or delete cookies in your browser settings. If you block sign-in cookies, you will not be able to use your account.',
    ),
  },
];
