import { createFileRoute, Link } from '@tanstack/react-router';
import { Ban, EyeOff, Flag, Heart, LifeBuoy, LockKeyhole, Megaphone, Scale, type LucideIcon } from 'lucide-react';
import { GUIDELINES_VERSION } from '#shared/guidelines';
import { Button } from '../components/ui/button';
import { m } from '#i18n/messages';
import { DEFAULT_SITE_NAME } from '#shared/site';
import { longDateUtc } from '../lib/formats';
import { useSession } from '../lib/session';

/** A guideline with a link in it: the words before, the link, and the words after. */
interface LinkedPoint {
  before: string;
  link: string;
  href: string;
  after: string;
}

interface GuidelinesSection {
  /** The section's anchor (/guidelines#privacy), also how the page picks its icon. */
  id: 'kind' | 'privacy' | 'bullying' | 'sexual-content' | 'spam' | 'self-harm' | 'reporting' | 'consequences';
  title: string;
  lead?: string;
  points: readonly (string | LinkedPoint)[];
}

const guidelinesSections = (): readonly GuidelinesSection[] => [
  { id: 'kind', title: m.guidelines_kind_title(), points: [m.guidelines_kind_1(), m.guidelines_kind_2(), m.guidelines_kind_3()] },
  {
    id: 'privacy',
    title: m.guidelines_privacy_title(),
    points: [m.guidelines_privacy_1(), m.guidelines_privacy_2(), m.guidelines_privacy_3(), m.guidelines_privacy_4()],
  },
  { id: 'bullying', title: m.guidelines_bullying_title(), points: [m.guidelines_bullying_1(), m.guidelines_bullying_2(), m.guidelines_bullying_3()] },
  { id: 'sexual-content', title: m.guidelines_sexual_title(), points: [m.guidelines_sexual_1(), m.guidelines_sexual_2(), m.guidelines_sexual_3()] },
  { id: 'spam', title: m.guidelines_spam_title(), points: [m.guidelines_spam_1(), m.guidelines_spam_2()] },
  {
    id: 'self-harm',
    title: m.guidelines_self_harm_title(),
    lead: m.guidelines_self_harm_lead(),
    points: [
      m.guidelines_self_harm_1(),
      m.guidelines_self_harm_2(),
      // The site's address reads the same in every language.
      { before: m.guidelines_self_harm_helpline_before(), link: 'findahelpline.com', href: 'https://findahelpline.com', after: m.guidelines_self_harm_helpline_after() },
      m.guidelines_self_harm_4(),
      m.guidelines_self_harm_5(),
    ],
  },
  { id: 'reporting', title: m.guidelines_reporting_title(), points: [m.guidelines_reporting_1(), m.guidelines_reporting_2(), m.guidelines_reporting_3()] },
  {
    id: 'consequences',
    title: m.guidelines_consequences_title(),
    points: [m.guidelines_consequences_1(), m.guidelines_consequences_2(), m.guidelines_consequences_3()],
  },
];

export const Route = createFileRoute('/guidelines')({
  component: GuidelinesPage,
});

const SECTION_ICONS: Record<GuidelinesSection['id'], LucideIcon> = {
  kind: Heart,
  privacy: LockKeyhole,
  bullying: Ban,
  'sexual-content': EyeOff,
  spam: Megaphone,
  'self-harm': LifeBuoy,
  reporting: Flag,
  consequences: Scale,
};

const linkClasses = 'font-semibold text-primary underline underline-offset-4 hover:text-primary-hover';

function Point({ point }: { point: string | LinkedPoint }) {
  if (typeof point === 'string') return point;
  return (
    <>
      {point.before}
      <a href={point.href} rel="noreferrer" className={linkClasses}>
        {point.link}
      </a>
      {point.after}
    </>
  );
}

/** The community guidelines: public, and what every applicant agrees to. */
function GuidelinesPage() {
  const { user } = useSession();
  // The version is a UTC day; written out in UTC so every time zone shows the same date.
  const updated = longDateUtc(new Date(`${GUIDELINES_VERSION}T00:00:00Z`));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <header className="mb-8 grid gap-3">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{m.guidelines_title()}</h1>
        <p className="text-lg text-muted-foreground">{m.guidelines_intro({ siteName: DEFAULT_SITE_NAME })}</p>
        <p className="text-sm text-muted-foreground">
          {m.guidelines_last_updated()} <time dateTime={GUIDELINES_VERSION}>{updated}</time>
        </p>
      </header>
      <div className="grid gap-5">
        {guidelinesSections().map((section: GuidelinesSection) => {
          const Icon = SECTION_ICONS[section.id];
          // Getting help stands out: it is the one section someone may need in a hurry.
          const help = section.id === 'self-harm';
          return (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className={`scroll-mt-24 rounded-[var(--radius-card)] border p-5 shadow-sm sm:p-6 ${help ? 'border-accent-foreground/20 bg-accent' : 'border-border bg-card'}`}
            >
              <div className="flex items-center gap-3">
                <span
                  className={`flex size-10 shrink-0 items-center justify-center rounded-2xl ${help ? 'bg-card text-accent-foreground' : 'bg-secondary text-secondary-foreground'}`}
                >
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h2 id={`${section.id}-title`} className="text-xl font-semibold sm:text-2xl">
                  {section.title}
                </h2>
              </div>
              {section.lead ? <p className="mt-4 font-semibold">{section.lead}</p> : null}
              <ul className="mt-4 grid list-disc gap-2 ps-6 marker:text-primary">
                {section.points.map((point) => (
                  <li key={typeof point === 'string' ? point : point.link}>
                    <Point point={point} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <div className="mt-10 flex flex-col items-center gap-5 text-center">
        <p className="text-lg font-semibold">{m.guidelines_closing({ siteName: DEFAULT_SITE_NAME })}</p>
        {user ? null : (
          <Button asChild size="lg">
            <Link to="/signup">{m.guidelines_join()}</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
