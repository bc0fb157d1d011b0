import { useState, useSyncExternalStore } from 'react'
import type { Route } from './+types/playground'
import { ICONS } from '~/components/icons.tsx'
import { Avatar } from '~/components/ui/avatar.tsx'
import { MaskedInput } from '~/components/ui/masked-input.tsx'
import { Modal } from '~/components/ui/modal.tsx'
import { TextInput } from '~/components/ui/text-input.tsx'
import { isValidCnpj } from '~/domain/organization/cnpj.ts'
import { confirm, showMessage } from '~/lib/ui/dialog-queue.ts'
import { loading, type LoadingState } from '~/lib/ui/loading-store.ts'
import type { MaskName } from '~/lib/ui/masked-fields.ts'
import { toasts } from '~/lib/ui/toast-store.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Playground | Pedidos B2B' }]

/** Developer page: each shared UI primitive at work. */
export default function Playground() {
  return (
    <main className="dev-page stack">
      <h1>Playground</h1>
      <ToastsDemo />
      <DialogsDemo />
      <LoadingDemo />
      <InputsDemo />
      <MasksDemo />
      <AvatarsDemo />
    </main>
  )
}

function ToastsDemo() {
  return (
    <section className="card stack">
      <h2>Toasts</h2>
      <div className="playground-section">
        <button type="button" className="button" onClick={() => toasts.success('Email adicionado com sucesso')}>
          Sucesso
        </button>
        <button type="button" className="button" onClick={() => toasts.error('Email inválido')}>
          Erro
        </button>
        <button type="button" className="button" onClick={() => toasts.info('Tokenbase atualizado!!!')}>
          Informação
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            toasts.info('Mesmo texto: aparece uma vez só')
            toasts.info('Mesmo texto: aparece uma vez só')
          }}
        >
          Duas vezes o mesmo texto
        </button>
        <button type="button" className="button" onClick={() => toasts.info('Fico até alguém me fechar', 0)}>
          Sem tempo (duração 0)
        </button>
      </div>
    </section>
  )
}

function DialogsDemo() {
  const [answer, setAnswer] = useState<string | null>(null)
  const [modalOpen, setModalOpen] = useState(false)
  const email = 'compras@farmaciacentral.com.br'

  const askDelete = async () => {
    const yes = await confirm({ message: `Deseja mesmo excluir o email ${email}?` })
    setAnswer(yes ? 'Sim' : 'Não')
    if (yes) toasts.success('Email removido com sucesso')
  }

  return (
    <section className="card stack">
      <h2>Diálogos</h2>
      <div className="playground-section">
        <button type="button" className="button" onClick={askDelete}>
          Excluir um email (confirmação)
        </button>
        <button type="button" className="button" onClick={() => showMessage({ title: 'Aviso', message: 'Sua organização aguarda verificação.' })}>
          Mensagem
        </button>
        <button type="button" className="button" onClick={() => setModalOpen(true)}>
          Abrir um modal
        </button>
      </div>
      {answer ? <p>Última resposta: {answer}</p> : null}
      {modalOpen ? (
        <Modal title="Um modal" onClose={() => setModalOpen(false)}>
          <p>A página atrás não rola enquanto ele está aberto. Os avisos daqui aparecem aqui dentro.</p>
          <div className="modal-actions">
            <button type="button" className="button" onClick={() => toasts.success('Aviso dentro do modal')}>
              Aviso aqui
            </button>
            <button type="button" className="button" onClick={askDelete}>
              Confirmação por cima
            </button>
            <button type="button" className="button primary" data-autofocus onClick={() => setModalOpen(false)}>
              Fechar
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  )
}

const IDLE: LoadingState = { pending: 0, lock: null }

function LoadingDemo() {
  const { lock, pending } = useSyncExternalStore(loading.subscribe, loading.getSnapshot, () => IDLE)
  const loadFor2s = () => setTimeout(loading.start(), 2000)
  const forceOnFor3s = () => {
    // The overlay covers the page, so the demo lifts the lock itself.
    loading.setLock('on')
    setTimeout(() => loading.setLock(null), 3000)
  }
  const tryInvalid = () => {
    try {
      loading.setLock('talvez')
    } catch (error) {
      toasts.error((error as Error).message)
    }
  }
  const apiError = () => {
    loading.resetAfterApiError()
    toasts.error('Erro inesperado')
  }

  return (
    <section className="card stack">
      <h2>Carregamento</h2>
      <p>
        Bloqueio: <code>{String(lock)}</code> · tarefas em andamento: {pending}
      </p>
      <div className="playground-section">
        <button type="button" className="button" onClick={loadFor2s}>
          Carregar por 2 s
        </button>
        <button type="button" className="button" onClick={forceOnFor3s}>
          Bloqueio &apos;on&apos; por 3 s
        </button>
        <button type="button" className="button" onClick={() => loading.setLock(lock === 'off' ? null : 'off')}>
          {lock === 'off' ? 'Tirar o bloqueio (null)' : "Bloqueio 'off'"}
        </button>
        <button type="button" className="button" onClick={apiError}>
          Erro de API
        </button>
        <button type="button" className="button" onClick={tryInvalid}>
          Valor inválido
        </button>
      </div>
    </section>
  )
}

function InputsDemo() {
  const [color, setColor] = useState('#7189f2')
  return (
    <section className="card">
      <h2>Campos de texto</h2>
      <TextInput label="Razão social" caption="Como está no cartão CNPJ." left={<ICONS.building width={20} height={20} aria-hidden="true" />} name="razao" />
      <TextInput label="Valor mínimo" left="R$" right="por pedido" inputMode="decimal" />
      <TextInput type="textarea" label="Sobre" resize caption="Pode esticar para baixo." />
      <TextInput type="textarea" label="Observação (tamanho fixo)" />
      <TextInput type="color" label="Cor" value={color} onChange={(e) => setColor(e.currentTarget.value)} right={<code>{color}</code>} />
      <TextInput type="mail" label="E-mail" caption="Saia do campo para conferir (ex.: nome@empresa.com.br)." />
      <TextInput label="Com erro" error="O Usuário é obrigatório." />
      <TextInput label="Com sucesso" defaultValue="Distribuidora Sol" success="Nome disponível." />
    </section>
  )
}

const MASKS: { mask: MaskName; label: string }[] = [
  { mask: 'cnpj', label: 'CNPJ' },
  { mask: 'cep', label: 'CEP' },
  { mask: 'cellphone', label: 'Celular' },
  { mask: 'ncm', label: 'NCM' },
]

function MasksDemo() {
  const [cnpj, setCnpj] = useState('')
  const cnpjDone = cnpj.length === 18
  return (
    <section className="card">
      <h2>Máscaras</h2>
      {MASKS.map(({ mask, label }) =>
        mask === 'cnpj' ? (
          <MaskedInput
            key={mask}
            mask={mask}
            label={label}
            value={cnpj}
            onValueChange={setCnpj}
            success={cnpjDone && isValidCnpj(cnpj) ? 'CNPJ válido' : null}
            error={cnpjDone && !isValidCnpj(cnpj) ? 'CNPJ inválido' : null}
          />
        ) : (
          <MaskedInput key={mask} mask={mask} label={label} />
        ),
      )}
    </section>
  )
}

const AVATAR_NAMES = ['Maria da Silva', 'Ana', 'Jo da Costa', 'Ícaro Élida Souza']

function AvatarsDemo() {
  return (
    <section className="card stack">
      <h2>Avatares</h2>
      <div className="playground-section">
        {AVATAR_NAMES.map((name) => (
          <figure key={name} className="center">
            <Avatar name={name} size={64} />
            <figcaption>{name}</figcaption>
          </figure>
        ))}
        <figure className="center">
          <Avatar name="Com foto" photo="/favicon.svg" size={64} />
          <figcaption>Com foto</figcaption>
        </figure>
        <figure className="center">
          <Avatar name="Foto quebrada" photo="/nao-existe.png" size={64} />
          <figcaption>Foto que não carrega</figcaption>
        </figure>
      </div>
    </section>
  )
}
