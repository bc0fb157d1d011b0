import { useId } from 'react'
import { CompanyForm } from '~/components/company-form.tsx'
import { FileInput } from './ui/file-input.tsx'

/**
 * Two plain forms for a picture (user photo, company logo): send a file, and remove
 * the current one. They post `intent=<upload>` with the file in `avatar`, or
 * `intent=<remove>`; the route's action does the rest. Work without JavaScript.
 */
export function ImageUploadForms(props: {
  title: string
  noun: string
  accept: string
  caption: string
  hasImage: boolean
  intents: { upload: string; remove: string }
}) {
  const id = useId()
  return (
    <div className="card stack">
      <h2>{props.title}</h2>
      <CompanyForm method="post" encType="multipart/form-data" className="toolbar">
        <input type="hidden" name="intent" value={props.intents.upload} />
        <label className="sr-only" htmlFor={`${id}-file`}>
          Arquivo {props.noun === 'logo' ? 'do logo' : 'da foto'}
        </label>
        <FileInput id={`${id}-file`} name="avatar" accept={props.accept} required aria-describedby={`${id}-caption`} />
        <button type="submit" className="button">
          Enviar {props.noun}
        </button>
      </CompanyForm>
      <small id={`${id}-caption`} className="field-caption">
        {props.caption}
      </small>
      {props.hasImage ? (
        <CompanyForm method="post">
          <input type="hidden" name="intent" value={props.intents.remove} />
          <button type="submit" className="button">
            Remover {props.noun}
          </button>
        </CompanyForm>
      ) : null}
    </div>
  )
}
