import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

/** The browser draws its own button in its own language ('Choose File'): ours says it in Portuguese. */
export const FILE_INPUT_TEXTS = { choose: 'Escolher arquivo', none: 'Nenhum arquivo selecionado' } as const

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { id: string }

/**
 * A file field with a Portuguese button and the chosen file's name. The real input stays in the
 * page, visually hidden but focusable, labelled by the caller's <label htmlFor={id}> and sent with
 * the form; the button is a label of it, so it opens the file picker without JavaScript too. The
 * name shows once the page runs JavaScript (without it, nothing can tell which file was picked):
 * on an island through React, on every other page through app/enhance/file-inputs.ts, which
 * shows the name's line the server rendered hidden.
 */
export function FileInput({ id, onChange, className, 'aria-describedby': describedBy, ...input }: Props) {
  const hydrated = useHydrated()
  const statusId = useId()
  const [chosen, setChosen] = useState<string | null>(null)
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    // A file picked while the page loaded, before hydration, gave React no change event: its name shows all the same.
    const picked = ref.current?.files
    if (picked?.length) setChosen(namesOf(picked))
    // A reset form (after a chat send, Conform's reset) empties the input without a change event.
    const form = ref.current?.form
    if (!form) return
    const clear = () => setChosen(null)
    form.addEventListener('reset', clear)
    return () => form.removeEventListener('reset', clear)
  }, [])
  return (
    <span className={`file-input${className ? ` ${className}` : ''}`}>
      <input
        {...input}
        id={id}
        ref={ref}
        type="file"
        className="file-input-native"
        aria-describedby={[describedBy, hydrated ? statusId : null].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          const files = event.currentTarget.files
          setChosen(files && files.length ? namesOf(files) : null)
          onChange?.(event)
        }}
      />
      {/* Not part of the input's name (that is the caller's label): a second label would read twice. */}
      <label htmlFor={id} className="button file-input-button" aria-hidden="true">
        {FILE_INPUT_TEXTS.choose}
      </label>
      <span id={statusId} className="file-input-name muted" data-file-name={FILE_INPUT_TEXTS.none} hidden={!hydrated}>
        {chosen ?? FILE_INPUT_TEXTS.none}
      </span>
    </span>
  )
}

const namesOf = (files: FileList) => Array.from(files, (f) => f.name).join(', ')
