/** Timings of spec §9 shared by the UI primitives. */
export const TOAST_DEFAULT_MS = 4000
export const DIALOG_FOCUS_DELAY_MS = 200
