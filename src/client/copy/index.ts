import { DEFAULT_SITE_NAME } from '../../shared/site';

/**
 * Screen copy, in one folder so a translation (Arabic is planned) replaces these files.
 * This file holds the site shell's words (loaded on every page); each screen's words live
 * beside it (landing.ts, auth.ts, content.ts, ...) and load with that screen.
 * Rule and toast texts live in src/shared/messages.ts.
 */
export const siteName = DEFAULT_SITE_NAME;

export const copy = {
  common: {
    loading: 'Loading…',
    comingSoon: 'Coming in a later release',
    comingSoonBody: 'This part of Bloom Circle is being built. Check back soon!',
    skipToContent: 'Skip to content',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  suspension: {
    title: (until: string) => `Your account is suspended until ${until}.`,
    reason: (reason: string) => `Reason: ${reason}`,
    whatStillWorks: 'You can still read everything. Posting, commenting, liking and RSVPs are paused until then.',
  },
  footer: {
    tagline: 'A safe space where young women learn, grow and empower each other.',
    guidelines: 'Community Guidelines',
  },
  nav: {
    home: 'Home',
    podcasts: 'Podcasts',
    blog: 'Blog',
    directory: 'Directory',
    communityHub: 'Community Hub',
    events: 'Events',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    mainNavigation: 'Main navigation',
    userMenu: 'Account menu',
    profileSettings: 'Profile Settings',
    newsletterSettings: 'Newsletter Settings',
    adminPanel: 'Admin panel',
    signOut: 'Sign Out',
    signIn: 'Sign In',
    join: 'Join',
  },
  notFound: {
    title: 'Page Not Found',
    hint: 'Did you forget to add the page to the router?',
    home: 'Back to Home',
  },
};
