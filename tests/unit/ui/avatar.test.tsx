// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { act } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { Avatar } from '~/components/ui/avatar.tsx'
import { generateProfileAvatar } from '~/lib/ui/generated-avatar.ts'

afterEach(cleanup)

describe('Avatar', () => {
  test('shows the photo when there is one', () => {
    const { container } = render(<Avatar name="Maria da Silva" photo="https://cdn.example/m.png" />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/m.png')
  })
  test('shows the generated avatar without a photo', () => {
    const { container } = render(<Avatar name="Maria da Silva" photo={null} size={64} />)
    const img = container.querySelector('img')!
    expect(img.getAttribute('src')).toBe(generateProfileAvatar('Maria da Silva'))
    expect(img.getAttribute('width')).toBe('64')
  })
  test('falls back to the generated avatar when the photo does not load', () => {
    const { container } = render(<Avatar name="Ana" photo="https://cdn.example/broken.png" />)
    fireEvent.error(container.querySelector('img')!)
    expect(container.querySelector('img')?.getAttribute('src')).toBe(generateProfileAvatar('Ana'))
  })
  test('also when the photo failed before React was listening (server-rendered page)', async () => {
    const decode = vi.fn(() => Promise.reject(new Error('EncodingError')))
    Object.defineProperty(HTMLImageElement.prototype, 'decode', { value: decode, configurable: true })
    try {
      const { container } = render(<Avatar name="Ana" photo="https://cdn.example/gone.png" />)
      await act(async () => {})
      expect(decode).toHaveBeenCalled()
      expect(container.querySelector('img')?.getAttribute('src')).toBe(generateProfileAvatar('Ana'))
    } finally {
      delete (HTMLImageElement.prototype as { decode?: unknown }).decode
    }
  })
  test('a blank name without a photo draws an empty circle instead of failing the page', () => {
    const { container } = render(<Avatar name=" " />)
    expect(container.querySelector('.ui-avatar')).not.toBeNull()
    expect(container.querySelector('img')).toBeNull()
  })
})
