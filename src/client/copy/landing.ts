import { m } from '#i18n/messages';
import { DEFAULT_SITE_NAME } from '#shared/site';

/**
 * Screen copy of landing; loaded with the screens that use it, not with the site shell. Each
 * text is a getter over its message (messages/landing), worded when the screen reads it.
 */
export const landingCopy = {
  get eyebrow() { return m.landing_eyebrow(); },
  get heroTitle() { return m.landing_hero_title(); },
  get heroBody() { return m.landing_hero_body({ siteName: DEFAULT_SITE_NAME }); },
  get join() { return m.landing_join(); },
  get signIn() { return m.landing_sign_in(); },
  get featuresTitle() { return m.landing_features_title(); },
  get features() {
    return [
      { title: m.landing_feature_podcasts_title(), body: m.landing_feature_podcasts_body() },
      { title: m.landing_feature_directory_title(), body: m.landing_feature_directory_body() },
      { title: m.landing_feature_events_title(), body: m.landing_feature_events_body() },
      { title: m.landing_feature_safety_title(), body: m.landing_feature_safety_body() },
    ];
  },
  get missionTitle() { return m.landing_mission_title(); },
  get missionBody() { return m.landing_mission_body(); },
  get missionPoints() { return [m.landing_mission_kindness(), m.landing_mission_real_voices(), m.landing_mission_privacy()]; },
  get applyTitle() { return m.landing_apply_title(); },
  get applyBody() { return m.landing_apply_body(); },
  get applyCta() { return m.landing_apply_cta(); },
  get ctaTitle() { return m.landing_cta_title(); },
  get ctaBody() { return m.landing_cta_body(); },
  get ctaButton() { return m.landing_cta_button(); },
};
