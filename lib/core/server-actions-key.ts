// NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: `next build` derives the ids of the server actions from it, and the servers
// encrypt the actions' bound values with it (AES-GCM). Servers built separately without it each get ids of their own,
// and a form posted to another server than the one that drew it answers "Failed to find Server Action". So hosted
// servers run one build, made with this key, and all have it (docs/deploy.md: One build for every server).

/** Next decodes the key with atob and imports it as a raw AES-GCM key: 128, 192 or 256 bits. */
export const SERVER_ACTIONS_KEY_BYTES = [16, 24, 32];

export const SERVER_ACTIONS_KEY_RULE = 'must be an AES key in base64, 16, 24 or 32 bytes (`openssl rand -base64 32`)';

/** Standard base64 (atob's alphabet, padded) of a key length Next accepts. */
export function isServerActionsKey(value: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return false;
  return SERVER_ACTIONS_KEY_BYTES.includes(Buffer.from(value, 'base64').length);
}
