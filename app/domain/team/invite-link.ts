/** The `{orgId}.{token}` of an invite link: the id in digits, the token base64url (never a dot). */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,200}$/
export const ORG_ID_PATTERN = /^[1-9]\d{0,9}$/
