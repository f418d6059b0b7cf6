import { Link } from '@tanstack/react-router';
import { CalendarHeart, Check, MapPin, Mic, ShieldCheck, Sparkles } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { m } from '#i18n/messages';
import { DEFAULT_SITE_NAME } from '#shared/site';

const landingFeatures = () => [
  { title: m.landing_feature_podcasts_title(), body: m.landing_feature_podcasts_body() },
  { title: m.landing_feature_directory_title(), body: m.landing_feature_directory_body() },
  { title: m.landing_feature_events_title(), body: m.landing_feature_events_body() },
  { title: m.landing_feature_safety_title(), body: m.landing_feature_safety_body() },
];

const FEATURE_ICONS = [Mic, MapPin, CalendarHeart, ShieldCheck];

/** Petals and circles in the palette; decoration only. */
function HeroIllustration() {
  return (
    <svg viewBox="0 0 400 360" aria-hidden="true" className="h-auto w-full max-w-md">
      <circle cx="200" cy="180" r="160" fill="#fbe4ec" />
      <circle cx="300" cy="90" r="48" fill="#fdf0e6" />
      <circle cx="90" cy="270" r="36" fill="#f4d3c4" />
      <g transform="translate(200 180)">
        {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => (
          <ellipse key={angle} cx="0" cy="-62" rx="30" ry="58" fill={angle % 90 === 0 ? '#9d2b5b' : '#c25b86'} opacity="0.92" transform={`rotate(${angle})`} />
        ))}
        <circle r="34" fill="#f4a261" />
        <circle r="18" fill="#fdf0e6" />
      </g>
      <g fill="#6e1d40" opacity="0.5">
        <circle cx="60" cy="80" r="5" />
        <circle cx="340" cy="250" r="6" />
        <circle cx="320" cy="320" r="4" />
      </g>
    </svg>
  );
}

/** The public landing page, shown to signed-out visitors. */
export function Landing() {
  return (
    <div>
      <section className="bg-[radial-gradient(ellipse_at_top_right,_var(--color-secondary),_transparent_55%)]">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-2">
          <div className="flex flex-col items-start gap-6">
            <p className="inline-flex items-center gap-2 rounded-full bg-secondary px-3 py-1 text-sm font-semibold text-secondary-foreground">
              <Sparkles className="size-4" aria-hidden="true" /> {m.landing_eyebrow()}
            </p>
            <h1 className="text-4xl font-semibold sm:text-5xl lg:text-6xl">{m.landing_hero_title()}</h1>
            <p className="max-w-xl text-lg text-muted-foreground">{m.landing_hero_body({ siteName: DEFAULT_SITE_NAME })}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/signup">{m.landing_join()}</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/login">{m.landing_sign_in()}</Link>
              </Button>
            </div>
          </div>
          <div className="flex justify-center">
            <HeroIllustration />
          </div>
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="features-title" className="mb-8 text-center text-3xl font-semibold">
          {m.landing_features_title()}
        </h2>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {landingFeatures().map((feature, index) => {
            const Icon = FEATURE_ICONS[index] ?? Sparkles;
            return (
              <li key={feature.title} className="rounded-[var(--radius-card)] border border-border bg-card p-6 shadow-sm">
                <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="text-lg font-semibold">{feature.title}</h3>
                <p className="mt-2 text-muted-foreground">{feature.body}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="mission-title" className="bg-card">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-2">
          <div>
            <h2 id="mission-title" className="text-3xl font-semibold">
              {m.landing_mission_title()}
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">{m.landing_mission_body()}</p>
            <ul className="mt-6 grid gap-3">
              {[m.landing_mission_kindness(), m.landing_mission_real_voices(), m.landing_mission_privacy()].map((point) => (
                <li key={point} className="flex items-center gap-3 font-semibold">
                  <span className="flex size-7 items-center justify-center rounded-full bg-emerald-100 text-emerald-900">
                    <Check className="size-4" aria-hidden="true" />
                  </span>
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-[var(--radius-card)] bg-accent p-8">
            <h3 className="text-2xl font-semibold text-accent-foreground">{m.landing_apply_title()}</h3>
            <p className="mt-3 text-foreground">{m.landing_apply_body()}</p>
            <Button asChild variant="secondary" className="mt-6">
              <Link to="/signup">{m.landing_apply_cta()}</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto max-w-4xl px-4 py-16 text-center">
        <h2 id="cta-title" className="text-3xl font-semibold sm:text-4xl">
          {m.landing_cta_title()}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-muted-foreground">{m.landing_cta_body()}</p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/signup">{m.landing_cta_button()}</Link>
        </Button>
      </section>
    </div>
  );
}
