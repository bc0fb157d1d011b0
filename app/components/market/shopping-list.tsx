import { CompanyForm } from '~/components/company-form.tsx'
import { formatBrl, formatUnitPrice } from '~/domain/catalog/money.ts'
import { marketMessages as m } from '~/domain/market/messages.ts'
import { OfferFields, OfferSource } from './offer-parts.tsx'
import type { ShoppingList } from './types.ts'

/** The shopping list: each line with its best offer for its quantity, the quantity to change, 'Mover para o carrinho' and 'Remover'. */
export function ShoppingListSection({ list }: { list: ShoppingList }) {
  if (!list.itens.length)
    return (
      <div className="empty-state" role="status">
        <p>{m.listEmpty}</p>
      </div>
    )
  return (
    <div className="stack">
      <div className="table-scroll" role="region" aria-labelledby="lista-caption" tabIndex={0}>
        <table className="data-table market-list">
          <caption id="lista-caption" className="sr-only">
            {m.listTab}
          </caption>
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col">Quantidade</th>
              <th scope="col">Melhor oferta</th>
              <th scope="col" className="numeric">
                Total
              </th>
              <th scope="col">
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.itens.map((item) => {
              const offer = item.melhor_oferta
              const qtyId = `lista-qtd-${item.id}`
              // One form per line: 'Atualizar' and 'Mover para o carrinho' both send the quantity in the field, so a
              // quantity typed and moved without 'Atualizar' first is the one that goes into the cart.
              const formId = `lista-form-${item.id}`
              return (
                <tr key={item.id}>
                  <th scope="row" className="product-name">
                    <span>{item.produto.nome}</span>
                    <small className="muted">{[item.produto.marca, item.produto.unidade].filter(Boolean).join(' · ')}</small>
                  </th>
                  <td data-label="Quantidade">
                    <CompanyForm method="post" id={formId} className="market-inline" preventScrollReset noValidate>
                      <input type="hidden" name="pre_item_id" value={item.id} />
                      {offer ? <OfferFields productId={item.produto.id} offer={offer} /> : null}
                      <label htmlFor={qtyId} className="sr-only">
                        Quantidade de {item.produto.nome}
                      </label>
                      <input id={qtyId} name="quantidade" type="number" inputMode="numeric" min={1} required defaultValue={item.quantidade} />
                      <button type="submit" name="intent" value="lista-quantidade" className="button">
                        {m.update}
                        <span className="sr-only"> a quantidade de {item.produto.nome}</span>
                      </button>
                    </CompanyForm>
                  </td>
                  <td data-label="Melhor oferta">
                    {offer ? (
                      <>
                        <OfferSource offer={offer} />
                        <br />
                        <small>
                          {formatUnitPrice(offer.preco_unitario_centesimos)} / {item.produto.unidade}
                        </small>
                        {offer.problema_quantidade ? (
                          <p className="market-problem">
                            {offer.problema_quantidade}
                            {offer.quantidade_sugerida ? ` Sugestão: ${offer.quantidade_sugerida}.` : ''}
                          </p>
                        ) : null}
                        {item.outras_ofertas ? <small className="muted"> ({m.otherOffers(item.outras_ofertas)})</small> : null}
                      </>
                    ) : (
                      <span className="muted">{m.noOfferNow}</span>
                    )}
                  </td>
                  <td className="numeric nowrap" data-label="Total">
                    {offer ? formatBrl(offer.total_centavos) : '—'}
                  </td>
                  <td>
                    <div className="row-actions">
                      {offer ? (
                        <button type="submit" form={formId} name="intent" value="mover" className="button primary">
                          {m.moveToCart}
                          <span className="sr-only"> {item.produto.nome}</span>
                        </button>
                      ) : null}
                      <CompanyForm method="post" preventScrollReset>
                        <input type="hidden" name="pre_item_id" value={item.id} />
                        <button type="submit" name="intent" value="lista-remover" className="button danger">
                          {m.remove}
                          <span className="sr-only"> {item.produto.nome}</span>
                        </button>
                      </CompanyForm>
                    </div>
                  </td>
                </tr>
              )
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Total das melhores ofertas
              </th>
              <td className="numeric nowrap">{formatBrl(list.total_centavos)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  )
}
