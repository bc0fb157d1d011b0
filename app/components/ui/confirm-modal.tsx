import { useId, type ReactNode } from 'react'
import { CompanyForm } from '~/components/company-form.tsx'
import { ErrorList } from '~/components/error-list.tsx'
import { RouteModal, useModalCloseHref } from '~/components/route-modal.tsx'

type Common = {
  title: string
  /** The modal's own parameters, dropped when it closes: the list behind it stays as it was. */
  closeParams: string[]
}

type Question = {
  gone?: null
  question: ReactNode
  /** The names of what it acts on (the ticked rows), listed under the question. */
  items?: readonly string[]
  /** More under them (a note on what the API refuses). */
  children?: ReactNode
  /** What the form posts: its intent and the ids it acts on. */
  fields: Record<string, string | number | readonly (string | number)[]>
  /** The API's refusal of the last post, said in the modal. */
  errors?: readonly string[] | null
  cancelLabel: string
  confirmLabel: ReactNode
  tone?: 'danger' | 'primary'
}

/** What it would act on no longer exists (removed meanwhile, an old link): only that is said. */
type Gone = { gone: string }

/**
 * The confirmation of a change that cannot be undone (a delete, a removal, a block) on a list screen: a modal opened
 * by the address (`?modal=excluir&id=…`), so that it works without JavaScript, with the harmless answer first and
 * focused. A refusal the API answers stays in it, with the reason.
 */
export function ConfirmModal(props: Common & (Question | Gone)) {
  const { title, closeParams } = props
  const questionId = useId()
  const closeHref = useModalCloseHref(closeParams)
  if (props.gone) {
    return (
      <RouteModal title={title} closeParams={closeParams}>
        <p role="alert">{props.gone}</p>
      </RouteModal>
    )
  }
  const { question, items, children, fields, errors, cancelLabel, confirmLabel, tone = 'danger' } = props as Question
  return (
    <RouteModal title={title} closeParams={closeParams}>
      <CompanyForm method="post" className="stack" aria-describedby={questionId} preventScrollReset>
        {Object.entries(fields).flatMap(([name, value]) =>
          (typeof value === 'object' ? value : [value]).map((v) => <input key={`${name}-${v}`} type="hidden" name={name} value={v} />),
        )}
        <p id={questionId}>{question}</p>
        {items?.length ? (
          <ul className="delete-list">
            {items.map((item, i) => (
              <li key={`${i}-${item}`}>{item}</li>
            ))}
          </ul>
        ) : null}
        {children}
        <div role="alert">
          <ErrorList errors={errors ? [...errors] : null} live={false} />
        </div>
        <div className="button-row">
          <a href={closeHref} className="button" data-autofocus>
            {cancelLabel}
          </a>
          <button type="submit" className={`button ${tone}`}>
            {confirmLabel}
          </button>
        </div>
      </CompanyForm>
    </RouteModal>
  )
}
