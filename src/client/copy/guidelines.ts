import { DEFAULT_SITE_NAME } from '../../shared/site';

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

/** Screen copy of the community guidelines; loaded with the page, not with the site shell. */
export const guidelinesCopy = {
    title: 'Community Guidelines',
    intro: `${DEFAULT_SITE_NAME} is a place to learn, grow and lift each other up. These guidelines keep it kind and safe. Everyone who joins agrees to follow them, and our moderators look after them.`,
    lastUpdated: 'Last updated',
    sections: [
      {
        id: 'kind',
        title: 'Be kind',
        points: [
          'Treat everyone the way you would like to be treated.',
          'Disagree with ideas, not with people. You can say “I see it differently” without being mean.',
          'Welcome new members. Everyone was new once.',
        ],
      },
      {
        id: 'privacy',
        title: 'Protect your privacy and others’',
        points: [
          'Never share your home address, phone number, school name or where you are right now.',
          'Never share anyone else’s either.',
          'Don’t post photos of other people, not even of your friends.',
          'If someone asks for your details or wants to meet you alone, don’t answer. Tell a moderator.',
        ],
      },
      {
        id: 'bullying',
        title: 'No harassment, bullying or hate',
        points: [
          'No insults, threats, name-calling or ganging up on anyone.',
          'No hate about anyone’s religion, race, nationality, body, disability or background.',
          'If someone asks you to stop, stop.',
        ],
      },
      {
        id: 'sexual-content',
        title: 'No sexual content',
        points: [
          'No sexual posts, pictures, jokes or links.',
          'Never ask anyone for pictures of themselves.',
          'If someone sends you something like this, don’t reply. Report it.',
        ],
      },
      {
        id: 'spam',
        title: 'No selling or spam',
        points: [
          'Don’t advertise, sell things or ask for money.',
          'Don’t post the same thing again and again, or links just to get clicks or followers.',
        ],
      },
      {
        id: 'self-harm',
        title: 'If you are thinking of hurting yourself',
        lead: 'You are not alone, and you deserve help.',
        points: [
          'If you are in danger right now, call your local emergency number.',
          'Talk to an adult you trust: a parent, a relative, a teacher or a school counselor.',
          { before: 'Find a free, private helpline in your country at ', link: 'findahelpline.com', href: 'https://findahelpline.com', after: '.' },
          'Worried about someone here? Report her post or comment and choose self-harm as the reason, so a moderator sees it quickly.',
          'Please don’t post details of self-harm. They can hurt others who are struggling too.',
        ],
      },
      {
        id: 'reporting',
        title: 'Reporting and blocking',
        points: [
          'See something that breaks these guidelines? Report it. Reports go to our moderators.',
          'Block a member and you won’t see each other’s posts and comments.',
          'Moderators read new members’ first posts and comments before everyone can see them. It is how we keep the circle safe, not a punishment.',
        ],
      },
      {
        id: 'consequences',
        title: 'When the guidelines are broken',
        points: [
          'A moderator removes the post or comment.',
          'You may be suspended for a while: you can still read, but you can’t post, comment, like or RSVP until it ends.',
          'Serious or repeated harm can mean losing your membership.',
        ],
      },
    ] satisfies readonly GuidelinesSection[],
    closing: `Thank you for helping keep ${DEFAULT_SITE_NAME} kind and safe.`,
    join: 'Join Our Community',
};
