// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { LoadingOverlay } from '~/components/ui/loading-overlay.tsx'
import { loading } from '~/lib/ui/loading-store.ts'

afterEach(() => {
  cleanup()
  act(() => loading.resetAfterApiError())
})

const overlay = () => screen.queryByRole('progressbar', { name: 'Carregando' })

describe('LoadingOverlay under the loader lock', () => {
  test('null: visible while the page loads, hidden otherwise', () => {
    const { rerender } = render(<LoadingOverlay busy={false} />)
    expect(overlay()).toBeNull()
    rerender(<LoadingOverlay busy />)
    expect(overlay()).not.toBeNull()
  })
  test('work started with loading.start() shows it too, until it ends', () => {
    render(<LoadingOverlay busy={false} />)
    let end = () => {}
    act(() => {
      end = loading.start()
    })
    expect(overlay()).not.toBeNull()
    act(() => end())
    expect(overlay()).toBeNull()
  })
  test("'on' forces it visible, at once", () => {
    render(<LoadingOverlay busy={false} />)
    act(() => loading.setLock('on'))
    expect(overlay()?.className).toBe('loading-overlay')
  })
  test("'off' suppresses it while loading", () => {
    render(<LoadingOverlay busy />)
    act(() => loading.setLock('off'))
    expect(overlay()).toBeNull()
  })
  test('after an API error the indicator turns off and the lock is cleared', () => {
    render(<LoadingOverlay busy={false} />)
    act(() => {
      loading.start()
      loading.setLock('on')
    })
    act(() => loading.resetAfterApiError())
    expect(overlay()).toBeNull()
    expect(loading.getSnapshot().lock).toBeNull()
  })
})
