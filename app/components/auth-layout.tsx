import type { ReactNode } from 'react'

/** The frame of the public screens (login, sign-up, passwords, invite). */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main className="auth-page">
      <section className="card auth-card" aria-labelledby="auth-title">
        <p className="brand" aria-hidden="true">
          <span className="brand-mark">P</span> Pedidos B2B
        </p>
        <h1 id="auth-title">{title}</h1>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
        {children}
      </section>
    </main>
  )
}
