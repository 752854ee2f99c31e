// The demo accounts the seed creates (printed by the start command, used by e2e tests). No imports: safe anywhere.

export const DEMO_USERS = {
  admin: { email: 'admin@aurelia.test', password: 'admin-demo-2003', fullName: 'Aurelia Admin' },
  customer: {
    email: 'customer@aurelia.test',
    password: 'customer-demo-2003',
    fullName: 'Olivia Bennett',
    phone: '+1 (212) 555-0147',
  },
} as const;
