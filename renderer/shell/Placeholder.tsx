/** A screen whose feature has not landed yet: says what it will hold, so the layout is honest. */
export function Placeholder({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="screen placeholder" aria-labelledby={`${title}-title`}>
      <header className="screen-header">
        <h1 id={`${title}-title`}>{title}</h1>
      </header>
      <div className="card muted">{children}</div>
    </section>
  );
}
