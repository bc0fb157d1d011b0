/** The emote picker's emoji, by group; plain Unicode, so they travel as text. */
const EMOJI_GROUPS: { label: string; emoji: string[] }[] = [
  { label: 'Rostos', emoji: ['😀', '😄', '😁', '😊', '🙂', '😉', '😍', '😘', '😎', '🤩', '🤔', '😅', '😂', '🤣', '😇', '🙃', '😐', '😴', '😢', '😭', '😡', '😱', '🥳', '🤝'] },
  { label: 'Gestos', emoji: ['👍', '👎', '👏', '🙌', '🙏', '💪', '👋', '👌', '✌️', '🤞', '☝️', '👉'] },
  { label: 'Trabalho', emoji: ['📦', '🚚', '🧾', '💰', '💳', '📈', '📉', '📊', '🗓️', '⏰', '✅', '❌', '⚠️', '📌', '📎', '✉️', '📞', '🏪', '💊', '🛒'] },
  { label: 'Símbolos', emoji: ['❤️', '🔥', '⭐', '🎉', '💯', '✨', '❗', '❓', '🔔', '🆗'] },
]

/** The emote picker's buttons, by group: loaded when the picker first opens (composer.tsx). */
export function EmojiPanel({ onPick, disabled }: { onPick: (emoji: string) => void; disabled: boolean }) {
  return EMOJI_GROUPS.map((group) => (
    <fieldset key={group.label}>
      <legend>{group.label}</legend>
      {group.emoji.map((e) => (
        <button key={e} type="button" onClick={() => onPick(e)} aria-label={e} disabled={disabled}>
          {e}
        </button>
      ))}
    </fieldset>
  ))
}
