// The address of the connection a request came in on, handed to Next.js in a header of its own. The production
// server calls stampClientAddress on every request before Next sees it: whatever a client sent under that name is
// replaced, so the header cannot be forged, unlike X-Forwarded-For, which any client may write.

export const CLIENT_ADDRESS_HEADER = 'x-shop-client-address';

/** '::ffff:127.0.0.2' (an IPv4 client on a dual-stack socket) → '127.0.0.2'. */
export function plainAddress(address) {
  if (typeof address !== 'string' || address === '') return null;
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}

/** Sets the header to the socket's peer address on a Node.js request (removing it when the socket has none). */
export function stampClientAddress(req) {
  const address = plainAddress(req.socket?.remoteAddress);
  if (address) req.headers[CLIENT_ADDRESS_HEADER] = address;
  else delete req.headers[CLIENT_ADDRESS_HEADER];
}
