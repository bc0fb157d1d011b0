import { getInputProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { CompanyForm } from '~/components/company-form.tsx'
import { CheckboxField, ErrorList, Field, FormErrors, MaskedField, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { ConfirmModal } from '~/components/ui/confirm-modal.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { productScreenMessages as m } from '~/domain/catalog/messages.ts'
import { centavosToInput } from '~/domain/catalog/money.ts'
import { moneyInputProps } from '~/components/ui/money-input.ts'
import { MODAL_PARAMS, type Produto } from './types.ts'
import { formSchema } from '~/components/form-schema.ts'
import { FileInput } from '~/components/ui/file-input.tsx'

const productFormSchema = formSchema('ProductFormSchema')

type LastResult = SubmissionResult<string[]> | undefined

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp'

/** 'Novo produto' (no product) and 'Editar' (a product of the page); a missing one says so. */
export function ProductModal(props: { product: Produto | null; missing: boolean; marcas: string[]; categorias: string[]; lastResult: LastResult }) {
  if (props.missing) {
    return (
      <RouteModal title="Editar produto" closeParams={MODAL_PARAMS}>
        <p role="alert">{m.productGone}</p>
      </RouteModal>
    )
  }
  return <ProductForm {...props} />
}

function ProductForm({ product, marcas, categorias, lastResult }: { product: Produto | null; marcas: string[]; categorias: string[]; lastResult: LastResult }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(productFormSchema, {
    id: product ? `produto-${product.id}` : 'produto-novo',
    lastResult,
    defaultValue: product
      ? {
          produto_id: product.id,
          ean: product.ean ?? undefined,
          codigo: product.codigo ?? undefined,
          nome: product.nome,
          marca: product.marca ?? undefined,
          categoria: product.categoria ?? undefined,
          ncm: product.ncm ?? undefined,
          preco: centavosToInput(product.preco_centavos),
          unidade: product.unidade,
          embalagem: String(product.embalagem),
          ativo: product.ativo,
          imposto: product.imposto,
        }
      : { unidade: 'UN', embalagem: '1', ativo: true },
  })
  return (
    <RouteModal title={product ? m.editProduct(product.nome) : m.newProduct} closeParams={MODAL_PARAMS}>
      <CompanyForm method="post" encType="multipart/form-data" {...formProps} className="product-form" preventScrollReset>
        <input type="hidden" name="intent" value="save" />
        {product ? <input type="hidden" name="produto_id" value={product.id} /> : null}
        <FormErrors form={form} />
        <Field label="Nome" meta={fields.nome} inputProps={{ autoComplete: 'off' }} />
        <div className="field-row">
          <Field label="EAN" meta={fields.ean} inputProps={{ inputMode: 'numeric', autoComplete: 'off', maxLength: 14 }} caption={m.eanCaption} />
          <Field label="Código interno" meta={fields.codigo} inputProps={{ autoComplete: 'off' }} />
        </div>
        <div className="field-row">
          <Field label="Marca" meta={fields.marca} inputProps={{ list: 'produtos-marcas', autoComplete: 'off' }} />
          <Field label="Categoria" meta={fields.categoria} inputProps={{ list: 'produtos-categorias', autoComplete: 'off' }} />
        </div>
        <datalist id="produtos-marcas">
          {marcas.map((marca) => (
            <option key={marca} value={marca} />
          ))}
        </datalist>
        <datalist id="produtos-categorias">
          {categorias.map((categoria) => (
            <option key={categoria} value={categoria} />
          ))}
        </datalist>
        <div className="field-row">
          <MoneyField label="Preço (R$)" meta={fields.preco} />
          <MaskedField label="NCM" meta={fields.ncm} mask="ncm" />
        </div>
        <div className="field-row">
          <Field label="Unidade" meta={fields.unidade} inputProps={{ autoComplete: 'off', maxLength: 10 }} caption="UN, CX, PCT…" />
          <Field label="Embalagem" meta={fields.embalagem} inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} caption="Unidades por embalagem." />
        </div>
        <CheckboxField label="Ativo (aparece para venda)" meta={fields.ativo} />
        <CheckboxField label="Com imposto" meta={fields.imposto} />
        <div className="field">
          <label htmlFor={`${form.id}-imagem`}>Imagem (opcional)</label>
          {product?.imagem ? <img src={product.imagem} alt="" className="product-image-preview" width={64} height={64} /> : null}
          <FileInput id={`${form.id}-imagem`} name="imagem" accept={IMAGE_ACCEPT} aria-describedby={`${form.id}-imagem-caption`} />
          <small id={`${form.id}-imagem-caption`} className="field-caption">
            {m.imagemCaption}
          </small>
        </div>
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          {product ? 'Salvar alterações' : 'Cadastrar produto'}
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

/** The price, typed as pt-BR writes it (moneyInputProps). */
function MoneyField({ label, meta }: { label: string; meta: FieldMetadata<unknown> }) {
  const props = getInputProps(meta as FieldMetadata<string>, { type: 'text' })
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input {...props} key={props.key} {...moneyInputProps(props.defaultValue)} aria-describedby={meta.errors?.length ? meta.errorId : undefined} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** The delete confirmation of one product (a row's 'Excluir') or of the ticked ones. */
/** The confirmation of 'Excluir' (one product or the ticked ones); the API's refusal (in orders or conditions) stays in it. */
export function DeleteModal({ ids, names, errors }: { ids: number[]; names: string[]; errors?: string[] }) {
  if (ids.length === 0) return <ConfirmModal title={m.deleteTitle} closeParams={MODAL_PARAMS} gone={m.noneSelected} />
  return (
    <ConfirmModal
      title={m.deleteTitle}
      closeParams={MODAL_PARAMS}
      question={m.deleteConfirm(ids.length)}
      items={names}
      fields={{ intent: 'delete', ids }}
      errors={errors}
      cancelLabel="Cancelar"
      confirmLabel="Excluir"
    >
      <p className="muted">{m.deleteNote}</p>
    </ConfirmModal>
  )
}
