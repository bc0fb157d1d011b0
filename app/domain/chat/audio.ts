/** What a recorded voice message carries besides the file (audioBars, duration): its limits. */
export const AUDIO_MAX_SECONDS = 300
export const AUDIO_BARS = 64
