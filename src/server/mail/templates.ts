import type { PublicSite } from '../site';
import type { OutgoingMail } from './outbox';

/** What every mail knows about the site: its name (the sender and signature) and its address (links). */
export type MailSite = PublicSite;

/**
 * One template per mail: paragraphs and at most one link, written once and drawn both as
 * plain text and as simple HTML (no images, no tracking, nothing remote).
 */
interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A link that carries a secret token: the body is then never shown to admins. */
  holdsSecret?: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export function drawMail(site: MailSite, kind: string, to: string, content: MailContent): OutgoingMail {
  const signature = `The ${site.name} team`;
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    signature,
  ].join('\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#2d2433;max-width:560px;margin:0 auto;padding:24px">',
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#b5487a;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#6b6270">${escapeHtml(content.action.url)}</p>`
      : '',
    paragraph(signature),
    '</body></html>',
  ].join('');
  return { kind, to, subject: content.subject, text, html, holdsSecret: content.holdsSecret ?? false };
}

const link = (site: MailSite, path: string) => new URL(path, site.url).toString();

/** Event times in mails, written out in full ("Saturday, December 5, 2026 at 6:00 PM UTC"). */
const eventDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });

/** What event mails say about the event. */
interface MailEvent {
  title: string;
  dateTime: Date;
  location: string | null;
}

const whenAndWhere = (event: MailEvent) => `When: ${eventDate.format(event.dateTime)} UTC${event.location ? `. Where: ${event.location}` : ''}.`;

/** The event as an .ics attachment, which mail apps offer to add to a calendar. */
const withCalendar = (mail: OutgoingMail, ics: string): OutgoingMail => ({
  ...mail,
  attachments: [{ filename: 'event.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
});

/** Every mail the site sends, by what it is about. */
export const mails = {
  applicationReceived: (site: MailSite, to: string, firstName: string) =>
    drawMail(site, 'application_received', to, {
      subject: `We received your application to ${site.name}`,
      greeting: `Hi ${firstName},`,
      paragraphs: [
        `Thank you for applying to join ${site.name}. A moderator will review your application soon, and we will write to you as soon as they have.`,
        'You don’t need to do anything now.',
      ],
    }),

  applicationApproved: (site: MailSite, to: string, firstName: string) =>
    drawMail(site, 'application_approved', to, {
      subject: `Welcome to ${site.name}!`,
      greeting: `Hi ${firstName},`,
      paragraphs: [`Good news: your application was approved. You can now sign in and join the conversations, events and podcasts of ${site.name}.`],
      action: { label: 'Sign in', url: link(site, '/login') },
    }),

  applicationRejected: (site: MailSite, to: string, firstName: string, reason: string | null) =>
    drawMail(site, 'application_rejected', to, {
      subject: `Your application to ${site.name}`,
      greeting: `Hi ${firstName},`,
      paragraphs: [
        'Thank you for your interest in our community. After reviewing your application, our moderators could not approve it this time.',
        ...(reason ? [`Their note: ${reason}`] : []),
      ],
    }),

  /** To the owner of an email someone applied with again: the applicant is answered as if it were new. */
  applicationWithKnownEmail: (site: MailSite, to: string, firstName: string, stillPending: boolean) =>
    drawMail(site, 'application_known_email', to, {
      subject: `Someone applied to ${site.name} with your email`,
      greeting: `Hi ${firstName},`,
      // An applicant still waiting can't sign in yet: she is told her application is in line.
      paragraphs: stillPending
        ? ['Someone applied with your email. Your application is already waiting for a moderator, and we will write to you as soon as they have looked at it.', 'If it wasn’t you, you can ignore this mail: nothing changed.']
        : ['Someone applied with your email. If it was you, sign in or reset your password.', 'If it wasn’t you, you can ignore this mail: nothing changed on your account.'],
      action: stillPending ? undefined : { label: 'Reset your password', url: link(site, '/forgot-password') },
    }),

  passwordReset: (site: MailSite, to: string, firstName: string, token: string) =>
    drawMail(site, 'password_reset', to, {
      subject: `Reset your ${site.name} password`,
      greeting: `Hi ${firstName},`,
      paragraphs: ['Someone asked to reset the password of your account. The link works once, for one hour.', 'If it wasn’t you, ignore this mail: your password stays as it is.'],
      action: { label: 'Choose a new password', url: link(site, `/reset-password?token=${encodeURIComponent(token)}`) },
      holdsSecret: true,
    }),

  rsvpConfirmed: (site: MailSite, to: string, firstName: string, event: MailEvent, ics: string) =>
    withCalendar(
      drawMail(site, 'rsvp_confirmed', to, {
        subject: `You're going: ${event.title}`,
        greeting: `Hi ${firstName},`,
        paragraphs: [`You are attending “${event.title}”.`, whenAndWhere(event), 'The attached file adds it to your calendar. If you can no longer come, cancel your RSVP on the events page so someone else can go.'],
        action: { label: 'See the event', url: link(site, '/events') },
      }),
      ics,
    ),

  waitlistPromoted: (site: MailSite, to: string, firstName: string, event: MailEvent, ics: string) =>
    withCalendar(
      drawMail(site, 'waitlist_promoted', to, {
        subject: `A spot opened for you: ${event.title}`,
        greeting: `Hi ${firstName},`,
        paragraphs: [
          `Good news: a spot opened at “${event.title}” and it is yours. You are now attending.`,
          whenAndWhere(event),
          'If you can no longer come, cancel your RSVP on the events page so the next person on the waitlist can go.',
        ],
        action: { label: 'See the event', url: link(site, '/events') },
      }),
      ics,
    ),

  eventReminder: (site: MailSite, to: string, firstName: string, event: MailEvent, ics: string) =>
    withCalendar(
      drawMail(site, 'event_reminder', to, {
        subject: `Tomorrow: ${event.title}`,
        greeting: `Hi ${firstName},`,
        paragraphs: [`A reminder that “${event.title}” is coming up.`, whenAndWhere(event), 'If you can no longer come, please cancel your RSVP so someone on the waitlist can take your spot.'],
        action: { label: 'See the event', url: link(site, '/events') },
      }),
      ics,
    ),

  newsletterConfirm: (site: MailSite, to: string, frequency: string, token: string) =>
    drawMail(site, 'newsletter_confirm', to, {
      subject: `Confirm your ${site.name} newsletter`,
      greeting: 'Hi,',
      paragraphs: [`Someone (we hope you!) asked for the ${frequency} ${site.name} newsletter at this address. Open the link to confirm.`, 'If it wasn’t you, ignore this mail: nothing will be sent.'],
      action: { label: 'Confirm my subscription', url: link(site, `/newsletter/confirm?token=${encodeURIComponent(token)}`) },
      holdsSecret: true,
    }),

  /** To the old address, once the new one was confirmed. */
  emailChanged: (site: MailSite, to: string, firstName: string, newEmail: string) =>
    drawMail(site, 'email_changed', to, {
      subject: `Your ${site.name} email was changed`,
      greeting: `Hi ${firstName},`,
      paragraphs: [`The email of your ${site.name} account is now ${newEmail}. Mail from us goes there from now on.`, 'If you didn’t make this change, reply to this mail or ask a moderator for help right away.'],
    }),

  emailChange: (site: MailSite, to: string, firstName: string, token: string) =>
    drawMail(site, 'email_change', to, {
      subject: `Confirm your new email for ${site.name}`,
      greeting: `Hi ${firstName},`,
      paragraphs: [`Please confirm that you want to use this address for your ${site.name} account. The link works once, for one hour.`, 'If it wasn’t you, ignore this mail.'],
      action: { label: 'Confirm my new email', url: link(site, `/confirm-email?token=${encodeURIComponent(token)}`) },
      holdsSecret: true,
    }),
};
