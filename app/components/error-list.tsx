/** A field's messages. Its own module: a screen that shows one without a Conform form does not load forms.tsx. */
export function ErrorList({ id, errors, live = true }: { id?: string; errors?: string[] | null; live?: boolean }) {
  const list = errors?.filter(Boolean) ?? []
  // On the page while empty: a polite live region says a message as it appears (a field left empty), where a list
  // inserted with its text in it was not read until the person went back to the field.
  return (
    <ul id={id} className="field-errors" aria-live={live ? 'polite' : undefined}>
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  )
}
