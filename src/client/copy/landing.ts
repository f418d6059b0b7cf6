import { DEFAULT_SITE_NAME } from '../../shared/site';

/** Screen copy of landing; loaded with the screens that use it, not with the site shell. */
export const landingCopy = {
    eyebrow: 'A moderated community for young women',
    heroTitle: 'Learn, grow and bloom together',
    heroBody: `${DEFAULT_SITE_NAME} is a safe space where young women learn, grow and empower each other, with conversations on wellness, self-care, career, relationships and lifestyle.`,
    join: 'Join Our Community',
    signIn: 'Sign In',
    featuresTitle: 'Everything in one warm, safe place',
    features: [
      { title: 'Inspiring Podcasts', body: 'Honest interviews and talks on confidence, school life, faith and friendship.' },
      { title: 'Curated Directory', body: 'Girl-friendly cafés, studios and services, checked by our community.' },
      { title: 'Community Events', body: 'Workshops, meet-ups and circles where you can learn and make friends.' },
      { title: 'Safe Community', body: 'Every member is approved and every space is moderated by volunteers.' },
    ],
    missionTitle: 'Our Mission',
    missionBody:
      'We believe every young woman deserves a circle that lifts her up. We bring together stories, mentors and friends so that growing up feels less lonely and a lot more joyful: a place to ask questions, share wins and be yourself.',
    missionPoints: ['Kindness first, always', 'Real voices, not influencers', 'Privacy and safety by design'],
    applyTitle: 'Is Bloom Circle right for you?',
    applyBody: 'When you apply, tell us in a few words what you love and what you hope to find here, and read our community guidelines. A moderator reads every application before you join.',
    applyCta: 'Start your application',
    ctaTitle: 'Get Started Today',
    ctaBody: 'Apply in two minutes. A moderator reviews every application to keep the circle safe.',
    ctaButton: 'Get Started Today',
};
