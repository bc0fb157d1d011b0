import { useLocation } from 'react-router'
import type { Answer } from '~/domain/shared/contract.ts'
import type * as storeApi from '~/domain/virtual-store/contract.ts'
import { virtualStoreMessages as m } from '~/domain/virtual-store/messages.ts'
import { CompanyForm } from '~/components/company-form.tsx'
import { RouteModal } from '~/components/route-modal.tsx'

export type VirtualStoreData = Answer<typeof storeApi.restorePlaceholder>

/**
 * The virtual store modal (`?modal=loja`, opened from Produtos): the store's link with 'Copiar' and 'Ir', and, for
 * a member who edits the company, the address and welcome text. A plan without the store opens the restricted-feature
 * modal instead (company-modals.tsx). 'Copiar' needs the clipboard: hidden until app/enhance/copy-link.ts shows it.
 */
export function VirtualStoreModal({ data, canEdit }: { data: VirtualStoreData; canEdit: boolean }) {
  const location = useLocation()
  const { loja } = data
  return (
    <RouteModal title={m.title}>
      <p className="muted">{m.intro}</p>
      {loja ? (
        <div className="stack">
          <label htmlFor="store-link">{m.link}</label>
          <div className="toolbar">
            <input id="store-link" readOnly value={loja.link} />
            <button type="button" className="button" data-copy="store-link" data-copied="Link copiado." hidden>
              {m.copy}
            </button>
            <a className="button primary" href={loja.link} target="_blank" rel="noopener">
              {m.go}
              <span className="sr-only"> (abre em outra aba)</span>
            </a>
          </div>
          <p role="status" className="muted" data-copy-status="store-link" />
        </div>
      ) : (
        <p role="status">{m.notYet}</p>
      )}
      {canEdit ? (
        <CompanyForm method="post" action="/acoes/plano" className="stack">
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <input type="hidden" name="intent" value="loja" />
          <div className="field">
            <label htmlFor="store-slug">{m.slugLabel}</label>
            <input
              id="store-slug"
              name="slug"
              required
              maxLength={60}
              defaultValue={loja?.slug ?? ''}
              autoComplete="off"
              aria-describedby="store-slug-hint"
              data-autofocus={loja ? undefined : true}
            />
            <small id="store-slug-hint" className="field-caption">
              {m.slugHint}
            </small>
          </div>
          <div className="field">
            <label htmlFor="store-text">{m.textLabel}</label>
            <textarea id="store-text" name="texto" maxLength={500} rows={3} defaultValue={loja?.texto ?? ''} />
          </div>
          <div className="button-row">
            <button type="submit" className="button primary">
              {m.save}
            </button>
          </div>
        </CompanyForm>
      ) : null}
    </RouteModal>
  )
}
