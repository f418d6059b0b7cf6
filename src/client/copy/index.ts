import { m } from '#i18n/messages';
import { DEFAULT_SITE_NAME } from '#shared/site';

/**
 * Screen copy: each text is a getter over its message (src/shared/i18n/messages), so it is
 * worded in the page's language when a screen reads it, never when this module loads. Read
 * them at render time; a copy text saved in a module-level constant would stay in one language.
 * This file holds the site shell's words (loaded on every page); each screen's words live
 * beside it (landing.ts, auth.ts, content.ts, ...) and load with that screen.
 * Rule and toast texts live in src/shared/messages.ts.
 */
export const siteName = DEFAULT_SITE_NAME;

export const copy = {
  common: {
    get loading() { return m.common_loading(); },
    get comingSoon() { return m.common_coming_soon(); },
    get comingSoonBody() { return m.common_coming_soon_body(); },
    get skipToContent() { return m.common_skip_to_content(); },
    get showPassword() { return m.common_show_password(); },
    get hidePassword() { return m.common_hide_password(); },
    get close() { return m.common_close(); },
    get notifications() { return m.common_notifications(); },
  },
  suspension: {
    title: (until: string) => m.suspension_title({ until }),
    reason: (reason: string) => m.suspension_reason({ reason }),
    get whatStillWorks() { return m.suspension_what_still_works(); },
  },
  footer: {
    get tagline() { return m.footer_tagline(); },
    get guidelines() { return m.footer_guidelines(); },
  },
  nav: {
    get home() { return m.nav_home(); },
    get podcasts() { return m.nav_podcasts(); },
    get blog() { return m.nav_blog(); },
    get directory() { return m.nav_directory(); },
    get communityHub() { return m.nav_community_hub(); },
    get events() { return m.nav_events(); },
    get openMenu() { return m.nav_open_menu(); },
    get closeMenu() { return m.nav_close_menu(); },
    get mainNavigation() { return m.nav_main_navigation(); },
    get userMenu() { return m.nav_user_menu(); },
    get profileSettings() { return m.nav_profile_settings(); },
    get newsletterSettings() { return m.nav_newsletter_settings(); },
    get adminPanel() { return m.nav_admin_panel(); },
    get signOut() { return m.nav_sign_out(); },
    get signIn() { return m.nav_sign_in(); },
    get join() { return m.nav_join(); },
  },
  language: {
    get label() { return m.language_switch_label(); },
    get switchTo() { return m.language_switch_to(); },
    get switchToHint() { return m.language_switch_to_hint(); },
  },
};
