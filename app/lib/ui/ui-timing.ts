/** Timings shared by the UI primitives. */
export const TOAST_DEFAULT_MS = 4000
export const DIALOG_FOCUS_DELAY_MS = 200
/** A paused toast (pointer over the toasts, focus in them), once left, gets at least this long to be read again. */
export const TOAST_RESUME_MIN_MS = 1500
