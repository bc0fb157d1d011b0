import { Avatar } from '~/components/ui/avatar.tsx'
import type { CompanyProfile } from '~/lib/company.server.ts'
import { maskCellphone, maskCnpj } from '~/domain/shared/masks.ts'
import { LINK_TYPE_LABELS, type LINK_TYPES } from '~/domain/organization/link-types.ts'

/** GET api/empresas/cartao/{orgId}/{targetId}: the company's face, its links (with ids) and its admin. */
export type VisitingCardData = Pick<
  CompanyProfile,
  'nome' | 'razao_social' | 'avatar' | 'cnpj' | 'email' | 'telefone' | 'sobre' | 'endereco' | 'cidade' | 'uf'
> & {
  links: { id?: number; type: string; content: string }[]
  admin: { nome: string; email: string } | null
}

/** Links that are addresses open in a new tab; handles and numbers are shown as text. */
function linkHref(link: { type: string; content: string }) {
  if (/^https?:\/\//i.test(link.content)) return link.content
  if (link.type === 'whatsapp') {
    const digits = link.content.replace(/\D/g, '')
    // The country code is added unless the number already has it (12 or 13 digits from 55).
    if (!digits) return null
    return `https://wa.me/${digits.length >= 12 && digits.startsWith('55') ? '' : '55'}${digits}`
  }
  return null
}

/** The company's visiting card: avatar, name, masked CNPJ, admin, address, links. */
export function VisitingCard({ card }: { card: VisitingCardData }) {
  const place = [card.endereco, [card.cidade, card.uf].filter(Boolean).join(' - ')].filter(Boolean).join(', ')
  return (
    <article className="card visiting-card" aria-label={`Cartão de visita de ${card.nome}`}>
      <header className="visiting-card-head">
        <Avatar name={card.nome} photo={card.avatar} size={64} />
        <div>
          <h2>{card.nome}</h2>
          {card.razao_social && card.razao_social !== card.nome ? <p className="muted">{card.razao_social}</p> : null}
          <p className="muted">CNPJ {maskCnpj(card.cnpj)}</p>
        </div>
      </header>
      {card.sobre ? <p>{card.sobre}</p> : null}
      <dl className="visiting-card-facts">
        {card.admin ? (
          <>
            <dt>Administrador</dt>
            <dd>
              {card.admin.nome} · <a href={`mailto:${card.admin.email}`}>{card.admin.email}</a>
            </dd>
          </>
        ) : null}
        {card.email ? (
          <>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${card.email}`}>{card.email}</a>
            </dd>
          </>
        ) : null}
        {card.telefone ? (
          <>
            <dt>Telefone</dt>
            <dd>{maskCellphone(card.telefone)}</dd>
          </>
        ) : null}
        {place ? (
          <>
            <dt>Endereço</dt>
            <dd>{place}</dd>
          </>
        ) : null}
      </dl>
      {card.links.length ? (
        <ul className="visiting-card-links" aria-label="Links">
          {card.links.map((link, i) => {
            const href = linkHref(link)
            const label = LINK_TYPE_LABELS[link.type as (typeof LINK_TYPES)[number]] ?? link.type
            return (
              <li key={link.id ?? i}>
                <span className="muted">{label}: </span>
                {href ? (
                  <a href={href} target="_blank" rel="noreferrer noopener">
                    {link.content}
                  </a>
                ) : (
                  link.content
                )}
              </li>
            )
          })}
        </ul>
      ) : null}
    </article>
  )
}
