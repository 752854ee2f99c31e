// The words about colleagues on a trade account, written once: the owner's panel, the join page, the mail, the
// refusals and the tests use them as they are.
import type { InviteState } from './colleagues-rules';

export const COLLEAGUES_PANEL = {
  heading: 'Colleagues',
  intro: (limit: number) =>
    `Invite the people who buy for your business. They order at your trade prices and see the account's orders, quotes and invoices. Up to ${limit} colleagues.`,
  buyerIntro: (business: string) => `You buy for ${business}. You see its orders, quotes and invoices, and order at its trade prices.`,
  members: 'People on this account',
  owner: 'Owner',
  buyer: 'Buyer',
  you: '(you)',
  addedOn: (day: string) => `Added ${day}`,
  remove: 'Remove',
  keep: 'Keep',
  removeLabel: (who: string) => `Remove ${who} from the account`,
  removeConfirm: (who: string) => `Remove ${who}? They keep their own orders but no longer see the account's or buy at its prices.`,
  pending: 'Invitations waiting',
  sentOn: (day: string, until: string) => `Sent ${day}, open until ${until}`,
  expired: (day: string) => `Expired ${day}`,
  resend: 'Send again',
  cancel: 'Cancel invitation',
  cancelLabel: (email: string) => `Cancel the invitation to ${email}`,
  inviteHeading: 'Invite a colleague',
  email: 'Colleague’s email address',
  emailHint: 'They sign in or create an account with this address to accept.',
  invite: 'Send invitation',
  sending: 'Sending...',
  full: (limit: number) => `Your account has ${limit} colleagues and invitations, the most it can have. Remove one to invite someone else.`,
  notApproved: 'You can invite colleagues once your trade account is approved.',
} as const;

export const COLLEAGUE_TOASTS = {
  invited: (email: string) => `Invitation sent to ${email}`,
  removed: 'Colleague removed',
  cancelled: 'Invitation cancelled',
  accepted: (business: string) => `You now buy for ${business}`,
} as const;

/** Refusals of the owner's writes: each says what to do. */
export const COLLEAGUE_ERRORS = {
  emailRequired: 'Please enter your colleague’s email address',
  emailInvalid: 'Please enter a valid email address',
  self: 'This is your own address: you are already on the account.',
  alreadyMember: 'This person is already on your account.',
  full: COLLEAGUES_PANEL.full,
  notOwner: 'Only the owner of an approved trade account can invite or remove colleagues.',
  notFound: 'This colleague or invitation is no longer on your account. Reload the page to see it as it is.',
  inviteFailed: 'The invitation could not be sent. Please try again.',
  removeFailed: 'The colleague could not be removed. Please try again.',
  cancelFailed: 'The invitation could not be cancelled. Please try again.',
  acceptFailed: 'The invitation could not be accepted. Please try again.',
} as const;

/** The join page: the invitation as the person holding its link sees it. */
export const JOIN_PAGE = {
  title: 'Join a trade account',
  heading: (business: string) => `Join ${business}`,
  headingUnknown: 'Join a trade account',
  invitedAs: (email: string) => `This invitation was sent to ${email}.`,
  explain: 'As a buyer on this account you order at its trade prices and see its orders, quotes and invoices.',
  signIn: 'Sign in',
  register: 'Create an account',
  signInFirst: 'Sign in, or create an account, with the address the invitation was sent to. You come back here to accept.',
  accept: 'Accept invitation',
  accepting: 'Joining...',
  toAccount: 'Go to your account',
  switchAccount: 'Sign in with another account',
} as const;

/** Why a link cannot be accepted, in the words of the person holding it. */
export const INVITE_STATE_MESSAGES: Record<Exclude<InviteState, 'ready'>, string> = {
  not_found: 'This invitation link is not valid. It may have been cancelled: ask the account’s owner to invite you again.',
  used: 'This invitation has already been accepted. Ask the account’s owner for a new one if you need it.',
  expired: 'This invitation has expired. Ask the account’s owner to send it again.',
  not_approved: 'This trade account is not open at the moment, so no one can join it. Please contact the account’s owner.',
  wrong_email: 'You are signed in with a different email address from the one invited. Sign in with the invited address to accept.',
  already_member: 'You already buy for this trade account.',
  member_elsewhere: 'You already have a trade account of your own or buy for another one, and a person can buy for one account only.',
};

/** The mail to the invited colleague. */
export const INVITE_MAIL = {
  subject: (business: string, shop: string) => `${business} invites you to buy at ${shop}`,
  heading: (business: string) => `Join ${business} at our shop`,
  text: (business: string, shop: string) =>
    `${business} has invited you to buy for their trade account at ${shop}: you order at their trade prices and see the account's orders, quotes and invoices.`,
  how: 'To accept, sign in or create an account with this email address, then follow the button below.',
  until: (day: string) => `The invitation is open until ${day}.`,
  button: 'Accept the invitation',
} as const;

/** Beside an order or a quote of the account that a colleague placed. */
export const placedByLabel = (who: string) => `Placed by ${who}`;
export const requestedByLabel = (who: string) => `Requested by ${who}`;
