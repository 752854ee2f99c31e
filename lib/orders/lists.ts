// Order lists, in the account area and the back office alike.

/** Orders per page of a list. */
export const ORDERS_PAGE_SIZE = 20;
