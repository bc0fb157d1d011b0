import { describe, expect, test } from 'vitest'
import { createDialogQueue } from '~/lib/ui/dialog-queue.ts'

describe('dialog queue', () => {
  test("confirm: 'Por favor, confirme:' with 'Sim' and 'Não' by default; 'Sim' resolves true", async () => {
    const queue = createDialogQueue()
    const answer = queue.confirm({ message: 'Deseja mesmo excluir o email a@b.com?' })
    const [request] = queue.getSnapshot()
    expect(request).toMatchObject({ kind: 'confirm', title: 'Por favor, confirme:', message: 'Deseja mesmo excluir o email a@b.com?', confirmLabel: 'Sim', cancelLabel: 'Não' })
    queue.settle(request.id, true)
    await expect(answer).resolves.toBe(true)
    expect(queue.getSnapshot()).toEqual([])
  })
  test("'Não' (or Escape) resolves false; settling twice changes nothing", async () => {
    const queue = createDialogQueue()
    const answer = queue.confirm({ message: 'm' })
    const { id } = queue.getSnapshot()[0]
    queue.settle(id, false)
    queue.settle(id, true)
    await expect(answer).resolves.toBe(false)
  })
  test('requests wait in line, in order', async () => {
    const queue = createDialogQueue()
    const first = queue.confirm({ message: 'primeira' })
    const second = queue.message({ title: 'Aviso', message: 'segunda' })
    expect(queue.getSnapshot().map((r) => r.message)).toEqual(['primeira', 'segunda'])
    queue.settle(queue.getSnapshot()[0].id, true)
    expect(queue.getSnapshot()).toMatchObject([{ kind: 'message', title: 'Aviso', confirmLabel: 'Ok', cancelLabel: null }])
    queue.settle(queue.getSnapshot()[0].id, false)
    await expect(first).resolves.toBe(true)
    await expect(second).resolves.toBeUndefined()
  })
})
