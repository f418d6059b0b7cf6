import { m } from '#i18n/messages';

/** A plain body for screens a later release builds; never fake data. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-lg font-semibold text-primary">{m.common_coming_soon()}</p>
      <p className="mt-2 text-muted-foreground">{m.common_coming_soon_body()}</p>
    </section>
  );
}
