import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import type { Route } from './+types/visiting-card'
import { CheckboxField, Field, FormErrors, MaskedField, SelectField, SubmitButton, TextareaField } from '~/components/forms.tsx'
import { ImageUploadForms } from '~/components/image-upload-forms.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { VisitingCard, type VisitingCardData } from '~/components/visiting-card.tsx'
import { ConfirmStep } from '~/components/ui/confirm-step.tsx'
import { apiErrorMessages } from '~/lib/api.server.ts'
import * as orgApi from '~/domain/organization/contract.ts'
import * as ordersApi from '~/domain/orders/contract.ts'
import { orderMessages } from '~/domain/orders/messages.ts'
import { orderEmailConfirm } from '~/domain/orders/order-email-messages.ts'
import { OrderEmailFormSchema } from '~/domain/orders/schemas.ts'
import { readsOrders } from '~/domain/orders/readers.ts'
import { api } from '~/lib/api.server.ts'
import { requireCompany, type CompanyProfile } from '~/lib/company.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { cardAdminMessages } from '~/domain/organization/card-messages.ts'
import { companyMessages } from '~/domain/organization/company-messages.ts'
import { VisitingCardFormSchema } from '~/domain/organization/company-schemas.ts'
import { LINK_TYPE_LABELS, LINK_TYPES } from '~/domain/organization/link-types.ts'
import { LOGO_ACCEPT } from '~/domain/auth/logo.ts'
import { redirectWithToast } from '~/lib/session.server.ts'
import { UFS } from '~/domain/shared/uf.ts'
import { formSchema } from '~/components/form-schema.ts'

const visitingCardFormSchema = formSchema('VisitingCardFormSchema')
const orderEmailFormSchema = formSchema('OrderEmailFormSchema')

export const meta: Route.MetaFunction = () => [{ title: 'Cartão de visita | Pedidos B2B' }]

/** Spare rows for new links, so that adding one works without JavaScript too. */
const SPARE_LINK_ROWS = 2

/**
 * Whether the add form shows, and else what is said in its place: the plan's limit, or that adding an address (which
 * gets every order in full) also needs to read the orders (written on the server: the orders' texts stay out of
 * this screen's JavaScript).
 */
function orderEmailNotice(company: CompanyProfile, list: { limite: number; pode_adicionar: boolean }) {
  if (!readsOrders(company.permissoes)) return { pode_adicionar: false, plano_limita: false, aviso: orderMessages.emailNeedsOrderReading }
  return { pode_adicionar: list.pode_adicionar, plano_limita: !list.pode_adicionar, aviso: list.limite < 0 ? orderMessages.emailPlanNone : orderMessages.emailPlanLimit(list.limite) }
}

export async function loader({ request }: Route.LoaderArgs) {
  const { company } = await requireCompany(request)
  const res = await api(request, orgApi.cartao, { params: { orgId: company.organizacao_id, targetId: company.organizacao_id } })
  if (!res.ok) throw data(apiErrorMessages(res.data).join(' '), { status: res.status })
  // The addresses that get each new order by e-mail: for a company that receives orders (not a Varejo).
  const emails = company.tipo === 'v' ? null : await api(request, ordersApi.restoreEmailPedido, { params: { orgId: company.organizacao_id, search: 'null' } })
  return {
    orderEmails: emails?.ok ? { ...emails.data, ...orderEmailNotice(company, emails.data) } : null,
    card: res.data,
    canEdit: company.permissoes.includes('empresa'),
    tokenbase: company.tokenbase,
    flagCode: company.tipo === 'b' ? company.codigo_bandeira : null,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const formData = await request.formData()
  const intent = formData.get('intent')
  const orgId = company.organizacao_id
  if (intent === 'logo' || intent === 'remove-logo') {
    const res =
      intent === 'logo'
        ? await api(request, orgApi.saveavatar, {
            form: (() => {
              const body = new FormData()
              body.set('organizacao_id', String(orgId))
              const file = formData.get('avatar')
              if (file instanceof File && file.size > 0) body.set('avatar', file, file.name)
              return body
            })(),
          })
        : await api(request, orgApi.deletedetail, { json: { organizacao_id: orgId, detail: 'avatar' } })
    const text = res.ok ? res.data.message : apiErrorMessages(res.data).join(' ')
    return redirectWithToast(request, '/visiting-card', { kind: res.ok ? 'success' : 'error', text })
  }
  if (intent === 'email-add') {
    const submission = parseWithZod(formData, { schema: OrderEmailFormSchema })
    if (submission.status !== 'success') return data({ emailResult: submission.reply() }, { status: 400 })
    const res = await api(request, ordersApi.addEmailPedido, { json: { organizacao_id: orgId, email: submission.value.email } })
    if (!res.ok) return data({ emailResult: replyWithApiError(submission, res.data, { fields: ['email'] }) }, { status: 400 })
    return redirectWithToast(request, '/visiting-card', { kind: 'success', text: res.data.message })
  }
  if (intent === 'email-remove') {
    const emailId = Number(formData.get('email_id'))
    const email = String(formData.get('email') ?? '')
    const res = await api(request, ordersApi.deleteEmailPedido, { params: { orgId, emailId, email } })
    const text = res.ok ? res.data.message : apiErrorMessages(res.data).join(' ')
    return redirectWithToast(request, '/visiting-card', { kind: res.ok ? 'success' : 'error', text })
  }
  const submission = parseWithZod(formData, { schema: VisitingCardFormSchema })
  // The form lists its link rows from what was posted: a `links` that is not a list (a forged post) is not echoed back.
  const hideFields = Array.isArray((submission.payload as { links?: unknown }).links) ? [] : ['links']
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }) }, { status: 400 })
  const res = await api(request, orgApi.updateprofile, { json: { organizacao_id: orgId, ...submission.value } })
  if (!res.ok) {
    const fields = ['razao_social', 'email', 'telefone', 'sobre', 'endereco', 'cidade', 'uf', 'links', 'cartao_admin']
    return data({ result: replyWithApiError(submission, res.data, { fields }) }, { status: 400 })
  }
  return redirectWithToast(request, '/visiting-card', { kind: 'success', text: res.data.message })
}

export default function VisitingCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { card, canEdit, tokenbase, flagCode, orderEmails } = loaderData
  return (
    <section className="stack" aria-labelledby="vc-title">
      <h1 id="vc-title">Cartão de visita</h1>
      <VisitingCard card={card} />
      <Codes tokenbase={tokenbase} flagCode={flagCode} canEdit={canEdit} />
      {orderEmails ? <OrderEmails list={orderEmails} canEdit={canEdit} lastResult={actionData && 'emailResult' in actionData ? actionData.emailResult : undefined} /> : null}
      {canEdit ? (
        <>
          <ImageUploadForms
            title="Logo"
            noun="logo"
            accept={LOGO_ACCEPT}
            caption="PNG, JPG ou JPEG, até 1MB."
            hasImage={Boolean(card.avatar)}
            intents={{ upload: 'logo', remove: 'remove-logo' }}
          />
          <DetailsForm card={card} lastResult={actionData && 'result' in actionData ? actionData.result : undefined} />
        </>
      ) : (
        <p className="muted">{companyMessages.editNotPermitted}</p>
      )}
    </section>
  )
}

/** The tokenbase code (its modal) and, for a flag, the code its units type in 'Minha bandeira'. */
function Codes({ tokenbase, flagCode, canEdit }: { tokenbase: string | null; flagCode: string | null; canEdit: boolean }) {
  return (
    <div className="card stack">
      <h2>Códigos</h2>
      <p>
        Tokenbase: {tokenbase ? <strong>cadastrado</strong> : 'não cadastrado'}.{' '}
        {canEdit ? (
          <a href="?modal=tokenbase">
            {tokenbase ? 'Ver ou alterar' : 'Cadastrar'}
          </a>
        ) : null}
      </p>
      {flagCode ? (
        <div className="stack">
          <p id="flag-code-caption">Código da bandeira, para as unidades entrarem na rede:</p>
          <output className="code-box" aria-labelledby="flag-code-caption">
            {flagCode}
          </output>
          {canEdit ? (
            <CompanyForm method="post" action="/acoes/bandeira">
              <input type="hidden" name="redirectTo" value="/visiting-card" />
              <input type="hidden" name="intent" value="regenerate" />
              <button type="submit" className="button">
                Gerar novo código (o atual deixa de valer)
              </button>
            </CompanyForm>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

function DetailsForm({ card, lastResult }: { card: VisitingCardData & { cartao_admin: boolean }; lastResult?: Parameters<typeof useValidatedForm>[1]['lastResult'] }) {
  const links = [...card.links.map(({ type, content }) => ({ type, content })), ...Array.from({ length: SPARE_LINK_ROWS }, () => ({ type: 'site', content: '' }))]
  const { form, fields, formProps, submitDisabled } = useValidatedForm(visitingCardFormSchema, {
    id: 'visiting-card',
    lastResult,
    defaultValue: {
      razao_social: card.razao_social ?? card.nome,
      email: card.email ?? '',
      telefone: card.telefone ?? '',
      sobre: card.sobre ?? '',
      endereco: card.endereco ?? '',
      cidade: card.cidade ?? '',
      uf: card.uf ?? '',
      links,
      cartao_admin: card.cartao_admin,
    },
  })
  const linkRows = fields.links.getFieldList()
  return (
    <CompanyForm method="post" className="card" {...formProps}>
      <h2>Dados da empresa</h2>
      <input type="hidden" name="intent" value="save" />
      <FormErrors form={form} />
      <Field label="Razão social" meta={fields.razao_social} />
      <Field label="E-mail" type="email" meta={fields.email} inputProps={{ autoComplete: 'email' }} />
      <MaskedField label="Telefone" meta={fields.telefone} mask="cellphone" />
      <TextareaField label="Sobre a empresa" meta={fields.sobre} />
      <Field label="Endereço" meta={fields.endereco} inputProps={{ autoComplete: 'street-address' }} />
      <div className="field-row">
        <Field label="Cidade" meta={fields.cidade} />
        <SelectField label="UF" meta={fields.uf} placeholder="—" options={UFS.map((uf) => ({ value: uf, label: uf }))} />
      </div>
      <fieldset className="links-fieldset">
        <legend>Links</legend>
        <ul className="plain-list">
          {linkRows.map((row, i) => {
            const item = row.getFieldset()
            return (
              <li key={row.key} className="field-row">
                <SelectField label={`Tipo do link ${i + 1}`} meta={item.type} options={LINK_TYPES.map((t) => ({ value: t, label: LINK_TYPE_LABELS[t] }))} />
                <Field label={`Link ${i + 1}`} meta={item.content} />
              </li>
            )
          })}
        </ul>
        <small className="field-caption">Deixe o link em branco para removê-lo.</small>
      </fieldset>
      <CheckboxField label={cardAdminMessages.publishAdmin} meta={fields.cartao_admin} />
      <small className="field-caption">{cardAdminMessages.publishAdminCaption}</small>
      <SubmitButton disabled={submitDisabled} pending="Salvando…">
        Salvar
      </SubmitButton>
    </CompanyForm>
  )
}

/** `aviso`: said in place of the form when it does not show (orderEmailNotice). */
type OrderEmailList = { emails: { id: number; email: string }[]; pode_adicionar: boolean; plano_limita: boolean; aviso: string }

/**
 * The order e-mails: each address gets every new order with its links to change the status. Changed with
 * 'Editar dados da empresa'; how many the plan allows (permissions.pedidos_email) is said where the form would be.
 */
function OrderEmails({ list, canEdit, lastResult }: { list: OrderEmailList; canEdit: boolean; lastResult?: Parameters<typeof useValidatedForm>[1]['lastResult'] }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(orderEmailFormSchema, { id: 'order-email', lastResult })
  return (
    <section className="card stack" aria-labelledby="order-emails-title">
      <h2 id="order-emails-title">E-mails de pedidos</h2>
      <p className="muted">Cada endereço desta lista recebe os pedidos novos, com os botões para faturar, negar ou faturar com quebra.</p>
      {list.emails.length === 0 ? (
        <p>Nenhum e-mail recebe os pedidos ainda.</p>
      ) : (
        <ul className="plain-list stack">
          {list.emails.map((e) => (
            <li key={e.id} className="email-row">
              <span>{e.email}</span>
              {canEdit ? (
                <ConfirmStep
                  summary={
                    <>
                      Remover<span className="sr-only"> {e.email}</span>
                    </>
                  }
                  question={
                    <>
                      <strong>{orderEmailConfirm.title}</strong> {orderEmailConfirm.question(e.email)}
                    </>
                  }
                  tone="danger"
                  cancelLabel={orderEmailConfirm.no}
                >
                  <CompanyForm method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="email-remove" />
                    <input type="hidden" name="email_id" value={e.id} />
                    <input type="hidden" name="email" value={e.email} />
                    <button type="submit" className="button danger" aria-label={`${orderEmailConfirm.yes}, excluir ${e.email}`}>
                      {orderEmailConfirm.yes}
                    </button>
                  </CompanyForm>
                </ConfirmStep>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {!canEdit ? null : list.pode_adicionar ? (
        <CompanyForm method="post" className="stack" {...formProps} preventScrollReset>
          <input type="hidden" name="intent" value="email-add" />
          <FormErrors form={form} />
          <Field label="Novo e-mail de pedidos" type="email" meta={fields.email} inputProps={{ autoComplete: 'email' }} />
          <SubmitButton disabled={submitDisabled} pending="Adicionando…">
            Adicionar e-mail
          </SubmitButton>
        </CompanyForm>
      ) : (
        <>
          <p role="note">{list.aviso}</p>
          {/* Past the plan's limit the button looks disabled, with a 'Pro' notice, and opens the restricted-feature modal. */}
          {list.plano_limita ? (
            <p>
              <a href="?modal=acesso-restrito" className="button button-locked">
                Adicionar e-mail <span className="badge">Pro</span>
              </a>
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
