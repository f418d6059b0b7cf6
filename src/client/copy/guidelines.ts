import { m } from '#i18n/messages';
import { DEFAULT_SITE_NAME } from '#shared/site';

/** A guideline with a link in it: the words before, the link, and the words after. */
export interface LinkedPoint {
  before: string;
  link: string;
  href: string;
  after: string;
}

export interface GuidelinesSection {
  /** The section's anchor (/guidelines#privacy), also how the page picks its icon. */
  id: 'kind' | 'privacy' | 'bullying' | 'sexual-content' | 'spam' | 'self-harm' | 'reporting' | 'consequences';
  title: string;
  lead?: string;
  points: readonly (string | LinkedPoint)[];
}

/**
 * Screen copy of the community guidelines; loaded with the page, not with the site shell.
 * Getters over the messages: read at render time, so each page is in its own language.
 */
export const guidelinesCopy = {
  get title() { return m.guidelines_title(); },
  get intro() { return m.guidelines_intro({ siteName: DEFAULT_SITE_NAME }); },
  get lastUpdated() { return m.guidelines_last_updated(); },
  get sections(): readonly GuidelinesSection[] {
    return [
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
  },
  get closing() { return m.guidelines_closing({ siteName: DEFAULT_SITE_NAME }); },
  get join() { return m.guidelines_join(); },
};
