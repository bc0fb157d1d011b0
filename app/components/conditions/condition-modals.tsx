import { getInputProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { CompanyForm } from '~/components/company-form.tsx'
import { CheckboxField, ErrorList, Field, FormErrors, SelectField, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { ConfirmModal } from '~/components/ui/confirm-modal.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { centavosToInput } from '~/domain/catalog/money.ts'
import { moneyInputProps } from '~/components/ui/money-input.ts'
import { conditionScreenMessages as m } from '~/domain/conditions/messages.ts'
import { conditionDetailsMessages } from '~/domain/conditions/tabs.ts'
import { MODAL_PARAMS, type Condicao } from './list-types.ts'
import { formSchema } from '~/components/form-schema.ts'

const editConditionFormSchema = formSchema('EditConditionFormSchema')
const minimumsFormSchema = formSchema('MinimumsFormSchema')
const newConditionFormSchema = formSchema('NewConditionFormSchema')

type LastResult = SubmissionResult<string[]> | undefined

const TABLE_OPTIONS = [
  { value: 'D', label: conditionDetailsMessages.tableType.D },
  { value: 'L', label: conditionDetailsMessages.tableType.L },
] as const

/** A condition of the page the modal is about, or the note that it is not there (deleted, or another page). */
function Missing({ title }: { title: string }) {
  return (
    <RouteModal title={title} closeParams={MODAL_PARAMS}>
      <p role="alert">{m.conditionGone}</p>
    </RouteModal>
  )
}

function DateField({ label, meta }: { label: string; meta: FieldMetadata<unknown> }) {
  return <Field label={label} meta={meta} inputProps={{ type: 'date', min: '2000-01-01', max: '2999-12-31' }} />
}

/** 'Nova condição': name, table type, validity and visibility (POST createCondicao). */
export function NewConditionModal({ lastResult }: { lastResult: LastResult }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(newConditionFormSchema, {
    id: 'condicao-nova',
    lastResult,
    defaultValue: { tipo_tabela: 'D', visivel: true },
  })
  return (
    <RouteModal title={m.newCondition} closeParams={MODAL_PARAMS}>
      <CompanyForm method="post" {...formProps} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="create" />
        <FormErrors form={form} />
        <Field label="Nome" meta={fields.nome} inputProps={{ autoComplete: 'off' }} />
        <SelectField label="Tipo de tabela" meta={fields.tipo_tabela} options={TABLE_OPTIONS} />
        <div className="field-row">
          <DateField label="Início da vigência (opcional)" meta={fields.inicio} />
          <DateField label="Fim da vigência (opcional)" meta={fields.fim} />
        </div>
        <CheckboxField label="Visível para os compradores" meta={fields.visivel} />
        <SubmitButton disabled={submitDisabled} pending="Criando…">
          Criar condição
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

/** 'Editar': name, validity and visibility (POST updateCondicao). */
export function EditConditionModal({ condition, lastResult, returnTo }: { condition: Condicao | null; lastResult: LastResult; returnTo: string | null }) {
  if (!condition) return <Missing title="Editar condição" />
  return <EditConditionForm condition={condition} lastResult={lastResult} returnTo={returnTo} />
}

/** `returnTo`: the condition's own page when it opened the modal; closing or saving goes back there. */
function EditConditionForm({ condition, lastResult, returnTo }: { condition: Condicao; lastResult: LastResult; returnTo: string | null }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(editConditionFormSchema, {
    id: `condicao-${condition.id}`,
    lastResult,
    defaultValue: { condicao_id: condition.id, nome: condition.nome, inicio: condition.inicio ?? undefined, fim: condition.fim ?? undefined, visivel: condition.visivel },
  })
  return (
    <RouteModal title={m.editCondition(condition.nome)} closeParams={MODAL_PARAMS} closeTo={returnTo ?? undefined}>
      <CompanyForm method="post" {...formProps} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="update" />
        {returnTo ? <input type="hidden" name="voltar" value={returnTo} /> : null}
        <input type="hidden" name="condicao_id" value={condition.id} />
        <FormErrors form={form} />
        <Field label="Nome" meta={fields.nome} inputProps={{ autoComplete: 'off' }} />
        <div className="field-row">
          <DateField label="Início da vigência (opcional)" meta={fields.inicio} />
          <DateField label="Fim da vigência (opcional)" meta={fields.fim} />
        </div>
        <CheckboxField label="Visível para os compradores" meta={fields.visivel} />
        <p className="muted">
          Tabela: {conditionDetailsMessages.tableType[condition.tipo_tabela]}. Para trocar o tipo, use a página da condição.
        </p>
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          Salvar alterações
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

/** 'Mínimos do pedido': the order's minimum value (R$) and quantity (POST updateCondicaoMinimos). */
export function MinimumsModal({ condition, lastResult }: { condition: Condicao | null; lastResult: LastResult }) {
  if (!condition) return <Missing title="Mínimos do pedido" />
  return <MinimumsForm condition={condition} lastResult={lastResult} />
}

function MinimumsForm({ condition, lastResult }: { condition: Condicao; lastResult: LastResult }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(minimumsFormSchema, {
    id: `minimos-${condition.id}`,
    lastResult,
    defaultValue: { condicao_id: condition.id, minimo_valor: centavosToInput(condition.minimo_valor_centavos), minimo_quantidade: String(condition.minimo_quantidade) },
  })
  const valor = getInputProps(fields.minimo_valor as FieldMetadata<string>, { type: 'text' })
  return (
    <RouteModal title={m.minimums(condition.nome)} closeParams={MODAL_PARAMS}>
      <CompanyForm method="post" {...formProps} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="minimums" />
        <input type="hidden" name="condicao_id" value={condition.id} />
        <FormErrors form={form} />
        <div className="field">
          <label htmlFor={fields.minimo_valor.id}>Valor mínimo do pedido (R$)</label>
          <input
            {...valor}
            key={valor.key}
            {...moneyInputProps(valor.defaultValue)}
            aria-describedby={fields.minimo_valor.errors?.length ? fields.minimo_valor.errorId : undefined}
          />
          <ErrorList id={fields.minimo_valor.errorId} errors={fields.minimo_valor.errors} />
        </div>
        <Field label="Quantidade mínima de unidades" meta={fields.minimo_quantidade} inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} caption="0 = sem mínimo." />
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          Salvar mínimos
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

/** The delete confirmation; a refusal (orders refer to it) stays here with the reason. */
export function DeleteConditionModal({ condition, errors }: { condition: Condicao | null; errors?: string[] }) {
  if (!condition) return <Missing title={m.deleteTitle} />
  return (
    <ConfirmModal
      title={m.deleteTitle}
      closeParams={MODAL_PARAMS}
      question={m.deleteConfirm(condition.nome)}
      fields={{ intent: 'delete', condicao_id: condition.id }}
      errors={errors}
      cancelLabel="Cancelar"
      confirmLabel="Excluir"
    />
  )
}
