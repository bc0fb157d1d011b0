/** What a logo upload accepts, checked by the forms (file input) and the API. */

export const LOGO_MAX_BYTES = 1024 * 1024
export const LOGO_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg'
