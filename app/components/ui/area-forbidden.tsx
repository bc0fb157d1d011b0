import type { ReactNode } from 'react'

/**
 * An area's screen for a member whose role may not read it (decision 042): its heading and which permission to
 * ask an admin for, inside the company's shell rather than an error page. `children` go between the two (the
 * screen's tabs, a way back).
 */
export function AreaForbidden({ id, title, text, children }: { id: string; title: string; text: string; children?: ReactNode }) {
  return (
    <section className="stack" aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {children}
      <p role="alert">{text}</p>
    </section>
  )
}
