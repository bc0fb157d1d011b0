import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { login } from './helpers.ts'

/** Used by chat.spec.ts: the chat page (/Chat) as a person sees it. */

/** The texts of the chat, word for word (not imported from the app, so a changed text fails). */
export const CHAT = {
  placeholder: 'Escreva uma mensagem',
  pickChannel: 'Escolha uma conversa.',
  back: 'Voltar às conversas',
  highlight: 'Destacar',
  unhighlight: 'Tirar destaque',
  highlighted: 'Destacada',
  record: 'Gravar áudio',
  stopRecording: 'Parar e enviar',
  recording: 'Gravando…',
  attach: 'Anexar arquivo',
  cancelReply: 'Cancelar resposta',
  channelDenied: 'Você não participa deste canal.',
  tooLong: 'A mensagem deve ter no máximo 4000 caracteres.',
  voice: 'Mensagem de voz',
} as const

/** The demo companies the chat tests enter, and where each lands. */
export const SOL = { nome: 'Distribuidora Sol', landing: /\/orders$/ }
export const REDE = { nome: 'Rede Farma Mais', landing: /\/units$/ }
export const CENTRAL = { nome: 'Farmácia Central', landing: /\/market$/ }
export const NORTE = { nome: 'Revenda Norte', landing: /\/orders$/ }

/** Texts no earlier run or test wrote: the e2e database is shared by every spec of a run. */
const RUN = Date.now().toString(36)
let serial = 0
export function uniqueText(label: string) {
  return `${label} ${RUN}-${++serial}`
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
export const exactly = (s: string) => new RegExp(`^${escapeRegExp(s)}$`)

/** Logs in and enters `company` from the personal environment. */
export async function enterCompany(page: Page, user: { email: string; password: string }, company: { nome: string; landing: RegExp }) {
  await login(page, user.email, user.password)
  await page.getByRole('button', { name: `Entrar em ${company.nome}` }).click()
  await expect(page).toHaveURL(company.landing)
  // The address changes as the navigation commits; the header (the company and its chat count) with the render after it.
  await expect(page.getByRole('banner').getByRole('link', { name: `Cartão de visita de ${company.nome}` })).toBeVisible()
}

/**
 * Whether the page's realtime connection has subscribed to a channel whose name holds `channel`: by default
 * the user's chat channel (private-{id}_chat); 'organizacao.ped.' for the company's order events. The moment
 * from which an event sent by someone else arrives live. Each full page load opens a new connection; a click
 * within the app keeps it.
 */
export function watchRealtime(page: Page, channel = '_chat') {
  const state = { subscribed: false }
  page.on('websocket', (ws) => {
    state.subscribed = false
    ws.on('framereceived', (frame) => {
      const text = String(frame.payload)
      if (text.includes('pusher_internal:subscription_succeeded') && text.includes(channel)) state.subscribed = true
    })
    ws.on('close', () => (state.subscribed = false))
  })
  return {
    async ready() {
      await expect.poll(() => state.subscribed, { message: `the realtime channel ${channel} subscribed`, timeout: 15_000 }).toBe(true)
    },
  }
}

export type Person = { page: Page; context: BrowserContext; realtime: ReturnType<typeof watchRealtime> }

/**
 * A browser of its own (cookies, storage) whose page errors count as the test's browser errors.
 * `offlineNoise`: while the test cuts the network on purpose, the browser's own report of the
 * dropped WebSocket is expected and not counted.
 */
export async function chatBrowser(
  browser: Browser,
  browserErrors: string[],
  options: Parameters<Browser['newContext']>[0] = {},
  { offlineNoise = false } = {},
): Promise<Person> {
  const context = await browser.newContext(options)
  const expected = (text: string) => text.startsWith('Failed to load resource') || (offlineNoise && /WebSocket connection to .* failed/.test(text))
  context.on('weberror', (e) => browserErrors.push(`uncaught (other browser): ${e.error().message}`))
  context.on('console', (m) => {
    if (m.type() === 'error' && !expected(m.text())) browserErrors.push(`console (other browser): ${m.text()}`)
  })
  const page = await context.newPage()
  return { page, context, realtime: watchRealtime(page) }
}

/** The chat page's parts. */
export function chat(page: Page) {
  const channels = page.getByRole('complementary', { name: 'Conversas' })
  const log = page.getByRole('log')
  return {
    channels,
    log,
    input: page.getByPlaceholder(CHAT.placeholder),
    tab: (label: string) => page.getByRole('navigation', { name: 'Tipos de chat' }).getByRole('link', { name: new RegExp(`^${label}`) }),
    /** A channel of the list by its exact name. */
    channel: (name: string) => channels.locator('a.chat-channel').filter({ has: page.locator('.chat-channel-name', { hasText: exactly(name) }) }),
    /** The messages (stored or being sent) whose own text is exactly `text` (a reply quoting it does not count). */
    message: (text: string) => log.locator('li.chat-msg').filter({ has: page.locator('p.chat-text', { hasText: exactly(text) }) }),
    /** The texts of the messages that contain `tag`, in the order shown. */
    textsWith: (tag: string) => log.locator('li.chat-msg p.chat-text').filter({ hasText: tag }),
    connection: page.locator('.chat-connection'),
  }
}

/** The unread count of a badge, 0 when there is none. */
export async function badgeCount(badge: Locator) {
  return (await badge.count()) ? Number(await badge.first().textContent()) : 0
}

export const headerChat = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Chat/ })
/** The header's unread badge as shown (at 0 it is there, hidden, for the live count to show it). */
export const headerBadge = (page: Page) => page.getByTestId('header-chat-badge').filter({ visible: true })
export const tabBadge = (page: Page, label: string) => chat(page).tab(label).locator('.side-menu-badge')
export const channelBadge = (page: Page, name: string) => chat(page).channel(name).locator('.chat-unread')

/** How a count of unread messages is said ('1 não lida', '2 não lidas'). */
export const unreadLabel = (n: number) => `${n} ${n === 1 ? 'não lida' : 'não lidas'}`

/** Expects the header's chat link to show `count` unread (no badge at 0). */
export async function expectHeaderUnread(page: Page, count: number) {
  if (count === 0) {
    await expect(headerBadge(page)).toHaveCount(0)
    await expect(headerChat(page)).toHaveAccessibleName('Chat')
  } else {
    await expect(headerBadge(page)).toHaveText(String(count))
    await expect(headerChat(page)).toHaveAccessibleName(`Chat, ${unreadLabel(count)}`)
  }
}

/** Clicks a channel of the open tab's list and waits for its conversation. */
export async function openChannel(page: Page, name: string) {
  await chat(page).channel(name).click()
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  await expect(page.getByRole('log', { name: `Mensagens de ${name}` })).toBeVisible()
  await expect(page).toHaveURL(/[?&]canal=\d+/)
}

/** Opens a fresh /Chat of type `tipo` (a full load: a new realtime connection) and the channel `name`. */
export async function gotoChannel(person: Person, tipo: 'I' | 'B' | 'F', name: string) {
  await person.page.goto(tipo === 'I' ? '/Chat' : `/Chat?tipo=${tipo}`)
  await openChannel(person.page, name)
  await person.realtime.ready()
}

/** Types a message, sends it with Enter, and waits until the server stored it (the pending state gone). */
export async function sendText(page: Page, text: string) {
  const { input, message } = chat(page)
  await input.fill(text)
  await input.press('Enter')
  await expect(input).toHaveValue('')
  await expect(message(text)).toHaveCount(1)
  await expect(message(text)).toHaveAttribute('data-message-id', /^\d+$/)
  return Number(await message(text).getAttribute('data-message-id'))
}

/** The id of the channel open on the page (from the address). */
export function openChannelId(page: Page) {
  return Number(new URL(page.url()).searchParams.get('canal'))
}
