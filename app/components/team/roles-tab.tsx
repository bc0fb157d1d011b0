import { getCollectionProps, type SubmissionResult } from '@conform-to/react'
import { CompanyForm } from '~/components/company-form.tsx'
import { ErrorList, Field, FormErrors, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { teamScreenMessages as m } from '~/domain/team/messages.ts'
import { ConfirmModal } from '~/components/ui/confirm-modal.tsx'
import { useListHref } from '~/components/ui/list-href.ts'
import { errorsOf, MODAL_PARAMS, type Cargo, type Permission, type TeamAccess } from './types.ts'
import { formSchema } from '~/components/form-schema.ts'

const cargoFormSchema = formSchema('CargoFormSchema')

type LastResult = SubmissionResult<string[]> | undefined

export function RolesTab({ cargos, permissions, access }: { cargos: Cargo[]; permissions: Permission[]; access: TeamAccess }) {
  const href = useListHref()
  const nameOf = (id: string) => permissions.find((p) => p.id === id)?.nome ?? id
  return (
    <div className="stack">
      <div className="team-toolbar">
        <p className="muted">{m.adminHoldsAll}</p>
        {access.canManage ? (
          <a href={href({ modal: 'cargo', id: null })} className="button primary">
            Novo cargo
          </a>
        ) : null}
      </div>
      {cargos.length === 0 ? (
        <div className="empty-state" role="status">
          <p>{m.noRoles}</p>
        </div>
      ) : (
        <ul className="team-list" aria-label="Cargos">
          {cargos.map((cargo) => (
            <li key={cargo.id} className="card team-role">
              <div className="team-role-head">
                <div>
                  <h2>{cargo.nome}</h2>
                  <p className="muted">
                    {cargo.membros} {cargo.membros === 1 ? 'membro' : 'membros'}
                  </p>
                </div>
                {access.canManage ? (
                  <div className="team-actions">
                    <a href={href({ modal: 'cargo', id: cargo.id })} className="button" aria-label={`Editar o cargo ${cargo.nome}`}>
                      Editar
                    </a>
                    <a href={href({ modal: 'excluir-cargo', id: cargo.id })} className="button danger" aria-label={`Excluir o cargo ${cargo.nome}`}>
                      Excluir
                    </a>
                  </div>
                ) : null}
              </div>
              {cargo.permissoes.length ? (
                <ul className="permission-list" aria-label={`Permissões de ${cargo.nome}`}>
                  {cargo.permissoes.map((id) => (
                    <li key={id} className="badge">
                      {nameOf(id)}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">{m.noPermissions}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Create (no cargo) or edit a role: its name and a checkbox per permission of the catalogue (getPermissoes). */
export function CargoModal(props: { cargo: Cargo | null; missing: boolean; permissions: Permission[]; access: TeamAccess; lastResult: LastResult }) {
  if (props.missing) {
    return (
      <RouteModal title="Editar cargo" closeParams={MODAL_PARAMS}>
        <p role="alert">{m.cargoGone}</p>
      </RouteModal>
    )
  }
  return <CargoForm {...props} />
}

function CargoForm({ cargo, permissions, access, lastResult }: { cargo: Cargo | null; permissions: Permission[]; access: TeamAccess; lastResult: LastResult }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(cargoFormSchema, {
    id: cargo ? `team-cargo-${cargo.id}` : 'team-cargo-new',
    lastResult,
    defaultValue: cargo ? { cargo_id: cargo.id, nome: cargo.nome, permissoes: cargo.permissoes } : { permissoes: [] },
  })
  const options = getCollectionProps(fields.permissoes, { type: 'checkbox', options: permissions.map((p) => p.id) })
  return (
    <RouteModal title={cargo ? `Editar cargo ${cargo.nome}` : 'Novo cargo'} closeParams={MODAL_PARAMS}>
      <CompanyForm method="post" {...formProps}>
        <input type="hidden" name="intent" value="save-cargo" />
        {cargo ? <input type="hidden" name="cargo_id" value={cargo.id} /> : null}
        <FormErrors form={form} />
        <Field label="Nome do cargo" meta={fields.nome} inputProps={{ autoComplete: 'off', maxLength: 60 }} />
        <fieldset className="permission-options" aria-describedby={fields.permissoes.errors?.length ? fields.permissoes.errorId : undefined}>
          <legend>Permissões</legend>
          {access.isAdmin ? null : <p className="field-caption">{m.onlyOwnPermissions}</p>}
          {options.map(({ key, ...input }, i) => {
            const permission = permissions[i]
            const descriptionId = `${input.id}-descricao`
            // A manager who is not an admin neither gives nor takes away a permission their own role lacks (the API
            // refuses it): its box is fixed, and a ticked one still sent.
            const fixed = !access.isAdmin && !access.held.includes(permission.id)
            return (
              <div key={key ?? input.value} className="permission-option">
                {/* The constraint would mark every box required: none is. */}
                <input {...input} required={false} disabled={fixed || undefined} aria-describedby={descriptionId} />
                {fixed && input.defaultChecked ? <input type="hidden" name={input.name} value={input.value} /> : null}
                <div className="permission-text">
                  <label htmlFor={input.id} className="permission-name">
                    {permission.nome}
                  </label>
                  <span id={descriptionId} className="field-caption">
                    {permission.descricao}
                  </span>
                </div>
              </div>
            )
          })}
          <ErrorList id={fields.permissoes.errorId} errors={fields.permissoes.errors} />
        </fieldset>
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          {cargo ? 'Salvar cargo' : 'Criar cargo'}
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

export function DeleteCargoModal({ cargo, lastResult }: { cargo: Cargo | null; lastResult: LastResult }) {
  if (!cargo) return <ConfirmModal title={m.confirmTitle} closeParams={MODAL_PARAMS} gone={m.cargoGone} />
  return (
    <ConfirmModal
      title={m.confirmTitle}
      closeParams={MODAL_PARAMS}
      question={m.confirmDeleteCargo(cargo.nome, cargo.membros)}
      fields={{ intent: 'delete-cargo', cargo_id: cargo.id }}
      errors={errorsOf(lastResult)}
      cancelLabel="Não"
      confirmLabel="Sim, excluir"
    />
  )
}
