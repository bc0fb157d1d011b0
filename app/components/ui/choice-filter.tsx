/** A list filter of a GET form: one `<select>` whose first choice, empty, means every value ('Todas'). */
export function ChoiceFilter({
  id,
  name,
  label,
  value,
  choices,
}: {
  id: string
  name: string
  label: string
  value: string
  /** The values, shown as they are, or `{ value, label }` pairs. */
  choices: readonly (string | { value: string | number; label: string })[]
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">Todas</option>
        {choices.map((choice) => {
          const { value: v, label: text } = typeof choice === 'string' ? { value: choice, label: choice } : choice
          return (
            <option key={v} value={v}>
              {text}
            </option>
          )
        })}
      </select>
    </div>
  )
}
