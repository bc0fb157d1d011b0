import type { SubmissionResult } from '@conform-to/react'
import { useLocation } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { Field, FormErrors, SelectField, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { ConfirmModal } from '~/components/ui/confirm-modal.tsx'
import { useListHref } from '~/components/ui/list-href.ts'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { centavosToInput } from '~/domain/catalog/money.ts'
import { describeRule, percentText, rulesMessages as m } from '~/domain/conditions/rules-messages.ts'
import { RULE_TYPES, type RuleType } from '~/domain/pricing/rules.ts'
import type { ConditionTabProps } from './detail-tabs.tsx'
import { formSchema } from '~/components/form-schema.ts'

const ruleFormSchema = formSchema('RuleFormSchema')
const updateRuleFormSchema = formSchema('UpdateRuleFormSchema')

type Rule = {
  id: number
  parceiro_id: number | null
  parceiro_nome: string | null
  nome: string
  tipo: RuleType
  minimo: number
  desconto: string
  marca: string | null
  categoria: string | null
  produto_id: number | null
  produto_nome: string | null
  ativo: boolean
}
type Scopes = { marcas: string[]; categorias: string[]; produtos: { id: number; nome: string }[] }
type Data = { regras: Rule[]; alcances: Scopes; parceiroId: number | null; podeAlterar: boolean }
type LastResult = SubmissionResult<string[]> | undefined

const CLOSE = ['modal', 'id']

const describe = (r: Rule) => describeRule({ ...r, produto: r.produto_nome })

/** The condition's discount rules in plain language; who may change one sees its buttons. */
export function RegrasTab({ data, actionData }: ConditionTabProps) {
  const d = data as Data
  const href = useListHref()
  const search = new URLSearchParams(useLocation().search)
  const modal = search.get('modal')
  // The seller changes every rule; an OL only its own.
  const mayChange = (r: Rule) => d.podeAlterar && (d.parceiroId === null || r.parceiro_id === d.parceiroId)
  const rule = d.regras.find((r) => r.id === Number(search.get('id')) && mayChange(r)) ?? null
  const lastResult = (intent: string) => (actionData?.intent === intent ? (actionData.result as LastResult) : undefined)
  return (
    <section className="stack" aria-labelledby="regras-title">
      <div className="customers-toolbar">
        <h2 id="regras-title">Regras de desconto</h2>
        {d.podeAlterar ? (
          <a href={href({ modal: 'nova-regra', id: null })} className="button primary">
            Nova regra
          </a>
        ) : null}
      </div>
      <p className="muted">
        Cada linha do pedido recebe a melhor regra alcançada (as regras não se somam). O mínimo conta só os produtos do alcance da regra, antes do desconto dela.
      </p>
      {d.regras.length === 0 ? (
        <div className="empty-state" role="status">
          <p>Nenhuma regra de desconto nesta condição.</p>
        </div>
      ) : (
        <ul className="stack rule-list" aria-label="Regras">
          {d.regras.map((r) => (
            <li key={r.id} className="card">
              <h3>
                {r.nome}
                {r.ativo ? null : <span className="muted"> (inativa)</span>}
              </h3>
              <p>{describe(r)}</p>
              <p className="muted">{r.parceiro_id === null ? 'Vale para todos os pedidos da condição.' : `Só nos pedidos pelo OL ${r.parceiro_nome ?? ''}.`}</p>
              {mayChange(r) ? (
                <div className="row-end">
                  <a href={href({ modal: 'editar-regra', id: r.id })} className="button" aria-label={`Editar regra ${r.nome}`}>
                    Editar
                  </a>
                  <a href={href({ modal: 'excluir-regra', id: r.id })} className="button danger" aria-label={`Excluir regra ${r.nome}`}>
                    Excluir
                  </a>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {d.podeAlterar && modal === 'nova-regra' ? <RuleModal rule={null} scopes={d.alcances} lastResult={lastResult('add-rule')} /> : null}
      {d.podeAlterar && modal === 'editar-regra' ? <RuleModal rule={rule} scopes={d.alcances} lastResult={lastResult('update-rule')} /> : null}
      {d.podeAlterar && modal === 'excluir-regra' ? <DeleteRuleModal rule={rule} /> : null}
    </section>
  )
}

const tipoOptions = RULE_TYPES.map((t) => ({ value: t, label: m.tipoLabel[t] }))

function scopeOptions(scopes: Scopes) {
  return [
    { value: '', label: 'Toda a condição' },
    ...scopes.marcas.map((v) => ({ value: `marca:${v}`, label: `Marca: ${v}` })),
    ...scopes.categorias.map((v) => ({ value: `categoria:${v}`, label: `Categoria: ${v}` })),
    ...scopes.produtos.map((p) => ({ value: `produto:${p.id}`, label: `Produto: ${p.nome}` })),
  ]
}

const scopeOf = (r: Rule) => (r.produto_id !== null ? `produto:${r.produto_id}` : r.marca !== null ? `marca:${r.marca}` : r.categoria !== null ? `categoria:${r.categoria}` : '')

function RuleModal({ rule, scopes, lastResult }: { rule: Rule | null; scopes: Scopes; lastResult: LastResult }) {
  const editing = rule !== null
  // One form for both: the add schema is the edit one without regra_id and ativo.
  const { form, fields, formProps, submitDisabled } = useValidatedForm((editing ? updateRuleFormSchema : ruleFormSchema) as typeof updateRuleFormSchema, {
    id: editing ? `regra-${rule.id}` : 'regra-nova',
    lastResult,
    defaultValue: rule
      ? {
          nome: rule.nome,
          tipo: rule.tipo,
          minimo: rule.tipo === 'V' ? centavosToInput(rule.minimo) : String(rule.minimo),
          desconto: percentText(rule.desconto),
          alcance: scopeOf(rule),
          ativo: rule.ativo ? '1' : '0',
        }
      : { tipo: 'Q' },
  })
  return (
    <RouteModal title={editing ? `Editar regra ${rule.nome}` : 'Nova regra de desconto'} closeParams={CLOSE}>
      <CompanyForm method="post" {...formProps}>
        <input type="hidden" name="intent" value={editing ? 'update-rule' : 'add-rule'} />
        {editing ? <input type="hidden" name="regra_id" value={rule.id} /> : null}
        <FormErrors form={form} />
        <Field label="Nome" meta={fields.nome} inputProps={{ maxLength: 60, placeholder: 'Sol a partir de 50' }} />
        <SelectField label="Tipo" meta={fields.tipo} options={tipoOptions} />
        <Field
          label="A partir de"
          meta={fields.minimo}
          inputProps={{ inputMode: 'decimal', maxLength: 20, placeholder: '50' }}
          caption="Unidades, valor em reais (como 1.000,00) ou produtos diferentes, conforme o tipo."
        />
        <Field label="Desconto (%)" meta={fields.desconto} inputProps={{ inputMode: 'decimal', maxLength: 12, placeholder: '2,5' }} caption="Maior que 0 e até 100, como 2,5." />
        <SelectField label="Alcance" meta={fields.alcance} options={scopeOptions(scopes)} />
        {editing ? (
          <SelectField
            label="Situação"
            meta={fields.ativo}
            options={[
              { value: '1', label: 'Ativa' },
              { value: '0', label: 'Inativa' },
            ]}
          />
        ) : null}
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          {editing ? 'Salvar regra' : 'Adicionar regra'}
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

function DeleteRuleModal({ rule }: { rule: Rule | null }) {
  const title = 'Excluir regra'
  if (!rule) return <ConfirmModal title={title} closeParams={CLOSE} gone={m.regraNotFound} />
  return (
    <ConfirmModal
      title={title}
      closeParams={CLOSE}
      question={`Excluir a regra ${rule.nome} (${describe(rule)})?`}
      fields={{ intent: 'delete-rule', regra_id: rule.id }}
      cancelLabel="Não"
      confirmLabel="Sim, excluir"
    />
  )
}
