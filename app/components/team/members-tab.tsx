import type { SubmissionResult } from '@conform-to/react'
import { CompanyForm } from '~/components/company-form.tsx'
import { CheckboxField, Field, FormErrors, SelectField, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { Avatar } from '~/components/ui/avatar.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { MAX_LEVEL, teamScreenMessages as m } from '~/domain/team/messages.ts'
import { ConfirmModal } from '~/components/ui/confirm-modal.tsx'
import { useListAddress, useListHref } from '~/components/ui/list-href.ts'
import { ListFields } from '~/components/ui/list-fields.tsx'
import { Pagination } from '~/components/ui/pagination.tsx'
import { formatDate } from './format.ts'
import { errorsOf, MODAL_PARAMS, TEAM_LIST, type Cargo, type Member, type Paginated, type PendingInvite, type TeamAccess, type TeamListState } from './types.ts'
import { formSchema } from '~/components/form-schema.ts'

const inviteFormSchema = formSchema('InviteFormSchema')
const memberFormSchema = formSchema('MemberFormSchema')

type LastResult = SubmissionResult<string[]> | undefined

const cargoOptions = (cargos: Cargo[]) => cargos.map((c) => ({ value: String(c.id), label: c.nome }))

/** Members may edit or remove a member when they manage the team; only admins touch admins; nobody touches who left. */
const mayChange = (access: TeamAccess, member: Member) => access.canManage && member.active && (access.isAdmin || !member.is_admin)

export function MembersTab(props: {
  page: Paginated<Member>
  invites: PendingInvite[]
  cargos: Cargo[]
  list: TeamListState
  access: TeamAccess
  basicPlan: boolean
}) {
  const { page, invites, cargos, list, access, basicPlan } = props
  const href = useListHref()
  const address = useListAddress(TEAM_LIST, list)
  const q = list.q
  return (
    <div className="stack">
      <div className="team-toolbar">
        <CompanyForm method="get" className="toolbar team-search" role="search">
          <ListFields definition={TEAM_LIST} state={list} asked={['q']} />
          <label className="sr-only" htmlFor="team-q">
            Buscar membro
          </label>
          <input id="team-q" name="q" type="search" defaultValue={q} placeholder="Buscar por nome ou e-mail" maxLength={255} />
          <button type="submit" className="button">
            Buscar
          </button>
        </CompanyForm>
        {access.canManage ? (
          <a href={href({ modal: 'convidar-membro', id: null })} className="button primary">
            Convidar pessoa
          </a>
        ) : null}
      </div>
      {basicPlan && access.canManage ? <p className="muted">{m.basicPlanNote}</p> : null}

      {page.data.length === 0 ? (
        <div className="empty-state" role="status">
          <p>{q ? m.noMembersFound : 'Nenhum membro na equipe.'}</p>
        </div>
      ) : (
        <ul className="team-list" aria-label="Membros da equipe">
          {page.data.map((member) => (
            <li key={member.user_id} className={`card team-member${member.active ? '' : ' is-inactive'}`}>
              <Avatar name={member.nome} photo={member.avatar} size={48} />
              <div className="team-member-info">
                <h2 className="team-member-name">{member.nome}</h2>
                <p className="muted">{member.email}</p>
                <p className="team-badges">
                  <span className="badge">{member.cargo ?? m.noCargo}</span>
                  {member.is_admin ? <span className="badge badge-admin">{m.adminBadge}</span> : null}
                  <span className="badge badge-muted">{m.level(member.level)}</span>
                  {member.active ? null : <span className="badge badge-muted">{m.removedBadge}</span>}
                  {member.user_id === access.userId ? <span className="badge badge-muted">{m.youBadge}</span> : null}
                </p>
              </div>
              {mayChange(access, member) ? (
                <div className="team-actions">
                  <a href={href({ modal: 'editar-membro', id: member.user_id })} className="button" aria-label={`Editar ${member.nome}`}>
                    Editar
                  </a>
                  {/* One's own row says what it does: leaving the team, not removing a colleague. */}
                  <a
                    href={href({ modal: 'remover-membro', id: member.user_id })}
                    className="button danger"
                    aria-label={member.user_id === access.userId ? m.leaveTeam : `Remover ${member.nome}`}
                  >
                    {member.user_id === access.userId ? m.leaveTeam : 'Remover'}
                  </a>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} label="Paginação de membros" count={{ one: 'membro', many: 'membros' }} href={(n) => address({ page: n })} />

      {invites.length ? <PendingInvites invites={invites} cargos={cargos} access={access} /> : null}
    </div>
  )
}

function PendingInvites({ invites, cargos, access }: { invites: PendingInvite[]; cargos: Cargo[]; access: TeamAccess }) {
  return (
    <section className="card stack" aria-labelledby="team-invites-title">
      <h2 id="team-invites-title">{m.pendingInvites}</h2>
      <ul className="plain-list team-invites">
        {invites.map((invite) => (
          <li key={invite.id} className="team-invite">
            <div className="team-member-info">
              <p>
                <strong>{invite.email}</strong>
              </p>
              <p className="team-badges">
                <span className="badge">{cargos.find((c) => c.id === invite.cargo_id)?.nome ?? m.noCargo}</span>
                {invite.is_admin ? <span className="badge badge-admin">{m.adminBadge}</span> : null}
                <span className="muted">{m.inviteExpiresOn(formatDate(invite.expires_at))}</span>
              </p>
            </div>
            {access.canManage && (access.isAdmin || !invite.is_admin) ? (
              <CompanyForm method="post">
                <input type="hidden" name="intent" value="resend-invite" />
                <input type="hidden" name="email" value={invite.email} />
                {invite.cargo_id ? <input type="hidden" name="cargo_id" value={invite.cargo_id} /> : null}
                {invite.is_admin ? <input type="hidden" name="is_admin" value="on" /> : null}
                <button type="submit" className="button" aria-label={`Reenviar convite para ${invite.email}`}>
                  Reenviar
                </button>
              </CompanyForm>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

export function InviteModal({ cargos, access, lastResult, basicPlan }: { cargos: Cargo[]; access: TeamAccess; lastResult: LastResult; basicPlan: boolean }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(inviteFormSchema, { id: 'team-invite', lastResult })
  return (
    <RouteModal title="Convidar pessoa" closeParams={MODAL_PARAMS}>
      <p className="muted">A pessoa recebe um e-mail com o link para aceitar. O convite vale 7 dias.</p>
      <CompanyForm method="post" {...formProps}>
        <input type="hidden" name="intent" value="invite" />
        <FormErrors form={form} />
        <Field label="E-mail" type="email" meta={fields.email} inputProps={{ autoComplete: 'off' }} />
        <SelectField label="Cargo" meta={fields.cargo_id} placeholder={m.noCargo} options={cargoOptions(cargos)} />
        {access.isAdmin ? (
          <CheckboxField label="Administrador (todas as permissões)" meta={fields.is_admin} />
        ) : (
          <p className="field-caption">{m.onlyAdminsInviteAdmins} {m.onlyOwnPermissions}</p>
        )}
        {basicPlan ? <p className="field-caption">{m.basicPlanNote}</p> : null}
        <SubmitButton disabled={submitDisabled} pending="Enviando…">
          Enviar convite
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

export function EditMemberModal({ member, cargos, access, lastResult }: { member: Member | null; cargos: Cargo[]; access: TeamAccess; lastResult: LastResult }) {
  if (!member) {
    return (
      <RouteModal title="Editar membro" closeParams={MODAL_PARAMS}>
        <p role="alert">{m.memberGone}</p>
      </RouteModal>
    )
  }
  return <EditMemberForm member={member} cargos={cargos} access={access} lastResult={lastResult} />
}

function EditMemberForm({ member, cargos, access, lastResult }: { member: Member; cargos: Cargo[]; access: TeamAccess; lastResult: LastResult }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(memberFormSchema, {
    id: `team-member-${member.user_id}`,
    lastResult,
    defaultValue: {
      user_id: member.user_id,
      cargo_id: member.cargo_id ?? undefined,
      is_admin: member.is_admin,
      level: member.level,
    },
  })
  return (
    <RouteModal title={`Editar ${member.nome}`} closeParams={MODAL_PARAMS}>
      <p className="muted">{member.email}</p>
      <CompanyForm method="post" {...formProps}>
        <input type="hidden" name="intent" value="update-member" />
        <input type="hidden" name="user_id" value={member.user_id} />
        <FormErrors form={form} />
        <SelectField label="Cargo" meta={fields.cargo_id} placeholder={m.noCargo} options={cargoOptions(cargos)} />
        {access.isAdmin ? (
          <CheckboxField label="Administrador (todas as permissões)" meta={fields.is_admin} />
        ) : (
          <p className="field-caption">{m.onlyOwnPermissions}</p>
        )}
        <Field
          label="Nível"
          meta={fields.level}
          inputProps={{ type: 'number', min: 1, max: MAX_LEVEL, step: 1, inputMode: 'numeric' }}
          caption={`De 1 a ${MAX_LEVEL}, para a empresa ordenar a equipe como preferir. O que a pessoa pode fazer vem do cargo.`}
        />
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          Salvar
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

export function RemoveMemberModal({ member, userId, lastResult }: { member: Member | null; userId: number; lastResult: LastResult }) {
  if (!member) return <ConfirmModal title={m.confirmTitle} closeParams={MODAL_PARAMS} gone={m.memberGone} />
  const self = member.user_id === userId
  return (
    <ConfirmModal
      title={m.confirmTitle}
      closeParams={MODAL_PARAMS}
      question={self ? m.confirmLeave : m.confirmRemove(member.nome)}
      fields={{ intent: 'remove-member', user_id: member.user_id }}
      errors={errorsOf(lastResult)}
      cancelLabel="Não"
      confirmLabel={self ? m.confirmLeaveButton : 'Sim, remover'}
    />
  )
}
