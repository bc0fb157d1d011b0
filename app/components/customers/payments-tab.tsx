import type { SubmissionResult } from '@conform-to/react'
import { CompanyForm } from '~/components/company-form.tsx'
import { Field, FormErrors, SelectField, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { ConfirmModal } from '~/components/ui/confirm-modal.tsx'
import { useListHref } from '~/components/ui/list-href.ts'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { customerScreenMessages as s, PAYMENT_KIND_LABELS, PAYMENT_KINDS } from '~/domain/customers/messages.ts'
import { formatBrl } from '~/domain/catalog/money.ts'
import { MODAL_PARAMS, type PaymentMethod } from './types.ts'
import { formSchema } from '~/components/form-schema.ts'

const paymentMethodFormSchema = formSchema('PaymentMethodFormSchema')

type LastResult = SubmissionResult<string[]> | undefined

export function PaymentsTab({ methods, canManage }: { methods: PaymentMethod[]; canManage: boolean }) {
  const href = useListHref()
  return (
    <div className="stack">
      <div className="customers-toolbar">
        <p className="muted">Como seus clientes podem pagar. Em cada cliente, escolha quais formas ele pode usar.</p>
        {canManage ? (
          <a href={href({ modal: 'nova-forma', id: null })} className="button primary">
            {s.newPayment}
          </a>
        ) : null}
      </div>
      {methods.length === 0 ? (
        <div className="empty-state" role="status">
          <p>Nenhuma forma de pagamento cadastrada.</p>
        </div>
      ) : (
        <div className="table-scroll" role="region" aria-label="Formas de pagamento" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Tipo</th>
                <th scope="col">Prazo</th>
                <th scope="col">Valor mínimo</th>
                <th scope="col">Clientes</th>
                {canManage ? <th scope="col">Ações</th> : null}
              </tr>
            </thead>
            <tbody>
              {methods.map((p) => (
                <tr key={p.id}>
                  <td data-label="Nome">
                    <strong>{p.nome}</strong>
                  </td>
                  <td data-label="Tipo">{PAYMENT_KIND_LABELS[p.tipo]}</td>
                  <td className="nowrap" data-label="Prazo">{s.term(p.prazo_dias)}</td>
                  <td className="nowrap" data-label="Valor mínimo">{p.valor_minimo_centavos ? formatBrl(p.valor_minimo_centavos) : 'Sem mínimo'}</td>
                  <td className="nowrap" data-label="Clientes">{s.customersAllowed(p.clientes)}</td>
                  {canManage ? (
                    <td>
                      <div className="actions">
                        <a href={href({ modal: 'excluir-forma', id: p.id })} className="button danger" aria-label={`${s.deletePayment} ${p.nome}`}>
                          {s.deletePayment}
                        </a>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

const kindOptions = PAYMENT_KINDS.map((k) => ({ value: k, label: PAYMENT_KIND_LABELS[k] }))

export function NewPaymentModal({ lastResult }: { lastResult: LastResult }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(paymentMethodFormSchema, { id: 'payment-new', lastResult })
  return (
    <RouteModal title={s.newPayment} closeParams={MODAL_PARAMS}>
      <CompanyForm method="post" {...formProps}>
        <input type="hidden" name="intent" value="create-payment" />
        <FormErrors form={form} />
        <Field label="Nome" meta={fields.nome} inputProps={{ maxLength: 60, placeholder: 'Boleto 28 dias' }} />
        <SelectField label="Tipo" meta={fields.tipo} placeholder="Selecione" options={kindOptions} />
        <Field label="Prazo em dias" meta={fields.prazo_dias} inputProps={{ type: 'number', min: 0, max: 365, step: 1, inputMode: 'numeric' }} caption="0 para pagamento à vista." />
        <Field label="Valor mínimo do pedido (R$)" meta={fields.valor_minimo} inputProps={{ inputMode: 'decimal', placeholder: '0,00', maxLength: 20 }} caption="Como 1.234,56. Vazio: sem mínimo." />
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          Criar forma de pagamento
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

export function DeletePaymentModal({ method, error }: { method: PaymentMethod | null; error: string | null }) {
  const title = 'Excluir forma de pagamento'
  if (!method) return <ConfirmModal title={title} closeParams={MODAL_PARAMS} gone={s.paymentGone} />
  return (
    <ConfirmModal
      title={title}
      closeParams={MODAL_PARAMS}
      question={s.confirmDeletePayment(method.nome, method.clientes)}
      fields={{ intent: 'delete-payment', pagamento_id: method.id }}
      errors={error ? [error] : null}
      cancelLabel="Não"
      confirmLabel="Sim, excluir"
    />
  )
}
