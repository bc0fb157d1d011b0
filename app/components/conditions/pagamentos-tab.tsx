import type { SubmissionResult } from '@conform-to/react'
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { useLocation } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { ErrorList, Field, FormErrors, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { ConfirmModal } from '~/components/ui/confirm-modal.tsx'
import { useListHref } from '~/components/ui/list-href.ts'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { centavosToInput, formatBrl } from '~/domain/catalog/money.ts'
import { termsMessages as m } from '~/domain/conditions/terms-messages.ts'
import type { ConditionTabProps } from './detail-tabs.tsx'
import { formSchema } from '~/components/form-schema.ts'
import { formatPercent } from '~/domain/conditions/percent.ts'

const termFormSchema = formSchema('TermFormSchema')
const updateTermFormSchema = formSchema('UpdateTermFormSchema')

type Term = { id: number; nome: string; prazo_dias: number; minimo_centavos: number; formula: string | null }
type Option = { id: number; nome: string; formula: string; percent: string | null; fator: string | null; valor: number | null; valor_total: number | null; erro: string | null }
type Data = {
  pagamentos: Term[]
  tokenbase: boolean
  podeAlterar: boolean
  simulacao: { desconto: string; total: string; errors: Record<string, string[]>; answer: { token: string | null; opcoes: Option[] } | null } | null
}
type LastResult = SubmissionResult<string[]> | undefined

const CLOSE = ['modal', 'id']
const decimalText = (text: string) => text.replace('.', ',')

/** The condition's payment terms, the tokenbase simulation and (for who may change them) the modals. */
export function PagamentosTab({ data, actionData }: ConditionTabProps) {
  const d = data as Data
  const href = useListHref()
  const search = new URLSearchParams(useLocation().search)
  const modal = search.get('modal')
  const term = d.pagamentos.find((p) => p.id === Number(search.get('id'))) ?? null
  const lastResult = (intent: string) => (actionData?.intent === intent ? (actionData.result as LastResult) : undefined)
  return (
    <section className="stack" aria-labelledby="pagamentos-title">
      <div className="customers-toolbar">
        <h2 id="pagamentos-title">Prazos de pagamento</h2>
        {d.podeAlterar ? (
          <a href={href({ modal: 'novo-prazo', id: null })} className="button primary">
            Novo prazo
          </a>
        ) : null}
      </div>
      {d.pagamentos.length === 0 ? (
        <div className="empty-state" role="status">
          <p>Nenhum prazo de pagamento nesta condição.</p>
        </div>
      ) : (
        // Named apart from its section (axe: two landmarks of one name).
        <div className="table-scroll" role="region" aria-label="Tabela: Prazos de pagamento" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Prazo</th>
                <th scope="col">Pedido mínimo</th>
                <th scope="col">Fórmula</th>
                {d.podeAlterar ? <th scope="col">Ações</th> : null}
              </tr>
            </thead>
            <tbody>
              {d.pagamentos.map((p) => (
                <tr key={p.id}>
                  <td data-label="Nome">
                    <strong>{p.nome}</strong>
                  </td>
                  <td className="nowrap" data-label="Prazo">
                    {m.term(p.prazo_dias)}
                  </td>
                  <td className="nowrap" data-label="Pedido mínimo">
                    {p.minimo_centavos ? formatBrl(p.minimo_centavos) : 'Sem mínimo'}
                  </td>
                  <td data-label="Fórmula">{p.formula ? <code>{p.formula}</code> : m.noFormula}</td>
                  {d.podeAlterar ? (
                    <td>
                      <div className="actions">
                        <a href={href({ modal: 'editar-prazo', id: p.id })} className="button" aria-label={`Editar ${p.nome}`}>
                          Editar
                        </a>
                        <a href={href({ modal: 'excluir-prazo', id: p.id })} className="button danger" aria-label={`Excluir ${p.nome}`}>
                          Excluir
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
      <Simulation data={d} />
      {d.podeAlterar && modal === 'novo-prazo' ? <TermModal tokenbase={d.tokenbase} term={null} lastResult={lastResult('add-term')} /> : null}
      {d.podeAlterar && modal === 'editar-prazo' ? <TermModal tokenbase={d.tokenbase} term={term} lastResult={lastResult('update-term')} /> : null}
      {d.podeAlterar && modal === 'excluir-prazo' ? <DeleteTermModal term={term} /> : null}
    </section>
  )
}

/** 'Simular': the formulas computed for a discount and a total (restoreTokenbase), as a GET form. */
function Simulation({ data }: { data: Data }) {
  const sim = data.simulacao
  const location = useLocation()
  const errorOf = (field: string) => sim?.errors[field]
  const opcoes = sim?.answer?.opcoes ?? []
  return (
    <section className="card stack" aria-labelledby="simular-title">
      <h3 id="simular-title">Simular fórmulas tokenbase</h3>
      <p className="muted">Informe o desconto da condição e o total do pedido para ver o percentual, o fator e os valores de cada prazo com fórmula.</p>
      <CompanyForm method="get" action={location.pathname} preventScrollReset className="products-filters">
        <input type="hidden" name="aba" value="pagamentos" />
        <div className="field">
          <label htmlFor="simular-desconto">Desconto (%)</label>
          <input
            id="simular-desconto"
            name="desconto"
            inputMode="decimal"
            placeholder="10"
            defaultValue={sim?.desconto ?? ''}
            maxLength={12}
            aria-invalid={errorOf('desconto') ? true : undefined}
            aria-describedby={errorOf('desconto') ? 'simular-desconto-erro' : undefined}
          />
          <ErrorList id="simular-desconto-erro" errors={errorOf('desconto')} />
        </div>
        <div className="field">
          <label htmlFor="simular-total">Total do pedido (R$)</label>
          <input
            id="simular-total"
            name="total"
            inputMode="decimal"
            placeholder="1.000,00"
            defaultValue={sim?.total ?? ''}
            maxLength={20}
            aria-invalid={errorOf('total') ? true : undefined}
            aria-describedby={errorOf('total') ? 'simular-total-erro' : undefined}
          />
          <ErrorList id="simular-total-erro" errors={errorOf('total')} />
        </div>
        <button type="submit" className="button primary">
          Simular
        </button>
      </CompanyForm>
      {sim?.answer ? (
        sim.answer.token === null ? (
          <p role="status">{m.formulaNeedsTokenbase}</p>
        ) : opcoes.length === 0 ? (
          <p role="status">Nenhum prazo desta condição tem fórmula.</p>
        ) : (
          <div className="table-scroll" role="region" aria-label="Resultado da simulação" tabIndex={0}>
            <table className="data-table">
              <caption className="sr-only">Resultado da simulação</caption>
              <thead>
                <tr>
                  <th scope="col">Prazo</th>
                  <th scope="col">Fórmula</th>
                  <th scope="col">Percentual</th>
                  <th scope="col">Fator</th>
                  <th scope="col">Valor</th>
                  <th scope="col">Valor total</th>
                </tr>
              </thead>
              <tbody>
                {opcoes.map((o) => (
                  <tr key={o.id} data-testid={`simulacao-${o.id}`}>
                    <th scope="row" data-label="Prazo">
                      {o.nome}
                    </th>
                    <td data-label="Fórmula">
                      <code>{o.formula}</code>
                    </td>
                    {o.erro !== null ? (
                      <td colSpan={4} data-label="Resultado">
                        {o.erro}
                      </td>
                    ) : (
                      <>
                        <td className="nowrap" data-label="Percentual">
                          {formatPercent(o.percent!)}%
                        </td>
                        <td className="nowrap" data-label="Fator">
                          {decimalText(o.fator!)}
                        </td>
                        <td className="nowrap" data-label="Valor">
                          {formatBrl(o.valor!)}
                        </td>
                        <td className="nowrap" data-label="Valor total">
                          {formatBrl(o.valor_total!)}
                        </td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </section>
  )
}

/** The formula, masked as typed (maskFormula, by app/enhance/typed-fields.ts); the parser's message shows under it. */
function FormulaField({ meta }: { meta: FieldMetadata<unknown> }) {
  const props = getInputProps(meta as FieldMetadata<string>, { type: 'text' })
  const captionId = `${meta.id}-legenda`
  return (
    <div className="field">
      <label htmlFor={meta.id}>Fórmula tokenbase (opcional)</label>
      <input
        {...props}
        key={props.key}
        maxLength={200}
        placeholder="desconto / 2"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={[meta.errors?.length ? meta.errorId : null, captionId].filter(Boolean).join(' ')}
        data-mask="formula"
      />
      <small id={captionId} className="field-caption">
        Use desconto, números, + − × ÷ e um par de parênteses. Ex.: (desconto + 1) / 2
      </small>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

function TermModal({ term, tokenbase, lastResult }: { term: Term | null; tokenbase: boolean; lastResult: LastResult }) {
  const editing = term !== null
  const { form, fields, formProps, submitDisabled } = useValidatedForm(editing ? updateTermFormSchema : termFormSchema, {
    id: editing ? `prazo-${term.id}` : 'prazo-novo',
    lastResult,
    defaultValue: term
      ? { nome: term.nome, prazo_dias: String(term.prazo_dias), minimo: term.minimo_centavos ? centavosToInput(term.minimo_centavos) : '', formula: term.formula ?? '' }
      : undefined,
  })
  const title = editing ? `Editar prazo ${term.nome}` : 'Novo prazo de pagamento'
  return (
    <RouteModal title={title} closeParams={CLOSE}>
      <CompanyForm method="post" {...formProps}>
        <input type="hidden" name="intent" value={editing ? 'update-term' : 'add-term'} />
        {editing ? <input type="hidden" name="pagamento_id" value={term.id} /> : null}
        <FormErrors form={form} />
        <Field label="Nome" meta={fields.nome} inputProps={{ maxLength: 60, placeholder: 'Boleto 28 dias' }} />
        <Field label="Prazo em dias" meta={fields.prazo_dias} inputProps={{ type: 'number', min: 0, max: 365, step: 1, inputMode: 'numeric' }} caption="0 para pagamento à vista." />
        <Field label="Pedido mínimo (R$)" meta={fields.minimo} inputProps={{ inputMode: 'decimal', placeholder: '0,00', maxLength: 20 }} caption="Como 1.234,56. Vazio: sem mínimo." />
        {tokenbase || term?.formula ? (
          <FormulaField meta={fields.formula} />
        ) : (
          <p className="notice notice-info">{m.formulaNeedsTokenbase}</p>
        )}
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          {editing ? 'Salvar prazo' : 'Adicionar prazo'}
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

function DeleteTermModal({ term }: { term: Term | null }) {
  const title = 'Excluir prazo de pagamento'
  if (!term) return <ConfirmModal title={title} closeParams={CLOSE} gone={m.pagamentoNotFound} />
  return (
    <ConfirmModal
      title={title}
      closeParams={CLOSE}
      question={`Excluir o prazo ${term.nome} desta condição?`}
      fields={{ intent: 'delete-term', pagamento_id: term.id }}
      cancelLabel="Não"
      confirmLabel="Sim, excluir"
    />
  )
}
