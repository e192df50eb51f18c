/** What an invite token looks like (base64url of 32 bytes is 43 characters); zod-free for the web. */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
