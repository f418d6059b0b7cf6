import { m } from '#i18n/messages';
import { directionOf, isLocale, type Locale } from '#shared/i18n/locale';
import { eventDayAndClockInFull } from '#shared/event-time';
import { currentLocale, inLocale } from '../i18n';
import type { PublicSite } from '../site';
import { NOTIFICATION_SETTINGS_PATH, type NotificationKind } from '#shared/notifications';
import type { DisplayName } from '../policies';
import type { OutgoingMail } from './outbox';

/** What every mail knows about the site: its name (the sender and signature) and its address (links). */
export type MailSite = PublicSite;

/** Who a mail goes to: her address, and her language (`users.locale`; null or unknown means English). */
export interface MailTo {
  email: string;
  locale?: string | null;
}

/** The language a recipient reads. */
export const mailLocale = (to: Pick<MailTo, 'locale'>): Locale => (isLocale(to.locale) ? to.locale : 'en');

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
  /** Small print after the signature: each a sentence and its link (an unsubscribe, the settings). */
  footer?: { text: string; url: string }[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The HTML mail's opening tags, in the language being worded (Arabic reads right to left). */
export function mailHtmlStart(): string {
  const locale = currentLocale();
  return `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#2d2433;max-width:560px;margin:0 auto;padding:24px">`;
}

/** Draws a mail in the language being worded (see `inLocale`). */
export function drawMail(site: MailSite, kind: string, to: string, content: MailContent): OutgoingMail {
  const signature = m.mail_signature({ siteName: site.name });
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    signature,
    ...(content.footer ?? []).map((line) => line.text),
  ].join('\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    mailHtmlStart(),
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#b5487a;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#6b6270">${escapeHtml(content.action.url)}</p>`
      : '',
    paragraph(signature),
    ...(content.footer ?? []).map((line) => `<p style="margin:0 0 8px;font-size:13px;color:#6b6270">${escapeHtml(line.text).replace(escapeHtml(line.url), `<a href="${escapeHtml(line.url)}" style="color:#6b6270">${escapeHtml(line.url)}</a>`)}</p>`),
    '</body></html>',
  ].join('');
  return { kind, to, subject: content.subject, text, html, holdsSecret: content.holdsSecret ?? false };
}

const link = (site: MailSite, path: string) => new URL(path, site.url).toString();

/** What event mails say about the event. */
interface MailEvent {
  title: string;
  dateTime: Date;
  /** Its zone: mails give the time there ("Saturday, December 5, 2026 at 7:30 PM EET"), as the page does. */
  timeZone: string;
  location: string | null;
}

const whenAndWhere = (event: MailEvent) => {
  const date = eventDayAndClockInFull(event.dateTime, event.timeZone, currentLocale());
  return event.location ? m.mail_when_where({ date, location: event.location }) : m.mail_when({ date });
};

/** The event as an .ics attachment, which mail apps offer to add to a calendar. */
const withCalendar = (mail: OutgoingMail, ics: string): OutgoingMail => ({
  ...mail,
  attachments: [{ filename: 'event.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
});

/** A mail worded in its recipient's language. */
const to = <T>(recipient: MailTo, draw: (email: string) => T): T => inLocale(mailLocale(recipient), () => draw(recipient.email));
/**
 * The greeting: her first name only when her address was confirmed (pass null otherwise). A
 * name typed with an address nobody confirmed is a stranger's words, and a mail must never
 * carry them to whoever owns that address.
 */
const hi = (firstName: string | null) => (firstName ? m.mail_greeting({ firstName }) : m.mail_greeting_anonymous());

/** The first name a mail to this account may greet her with: none until her address is confirmed. */
export const confirmedName = (account: { firstName: string; emailConfirmedAt: Date | null }) => (account.emailConfirmedAt ? account.firstName : null);

/** What changed in her two-factor sign-in, as the mail tells her. */
export interface SecondFactorChange {
  kind: keyof typeof SECOND_FACTOR_CHANGES;
  /** The passkey's name, for a passkey added or removed. */
  name?: string;
}

const SECOND_FACTOR_CHANGES = {
  totp_on: () => m.security_mail_totp_on(),
  totp_off: () => m.security_mail_totp_off(),
  passkey_added: (name: string) => m.security_mail_passkey_added({ name }),
  passkey_removed: (name: string) => m.security_mail_passkey_removed({ name }),
  recovery_codes: () => m.security_mail_recovery_new(),
};

const CONFIRM_BODY = {
  weekly: (siteName: string) => m.mail_newsletter_confirm_body_weekly({ siteName }),
  biweekly: (siteName: string) => m.mail_newsletter_confirm_body_biweekly({ siteName }),
  monthly: (siteName: string) => m.mail_newsletter_confirm_body_monthly({ siteName }),
};

/** One notification as a mail says it: who (display name only) did what, where. */
export interface MailNotification {
  kind: NotificationKind;
  /** The actor's display name ("Zeina F."); null for the site's own doing or a deleted account. */
  actor: DisplayName | null;
  title: string;
  detail: string | null;
  href: string;
}

const EVENT_CHANGES = {
  time: (title: string) => m.mail_notification_line_event_changed_time({ title }),
  place: (title: string) => m.mail_notification_line_event_changed_place({ title }),
  time_and_place: (title: string) => m.mail_notification_line_event_changed_time_and_place({ title }),
  cancelled: (title: string) => m.mail_notification_line_event_changed_cancelled({ title }),
};

/** What happened, in one sentence in the language being worded. */
export function notificationLine(item: MailNotification): string {
  const actor = item.actor ? `${item.actor.firstName} ${item.actor.lastName}`.trim() : m.mail_notification_someone();
  const title = item.title;
  switch (item.kind) {
    case 'reply':
      return m.mail_notification_line_reply({ actor, title });
    case 'mention':
      return m.mail_notification_line_mention({ actor, title });
    case 'held_approved':
      return m.mail_notification_line_held_approved({ title });
    case 'held_rejected':
      return m.mail_notification_line_held_rejected({ title });
    case 'waitlist_promoted':
      return m.mail_notification_line_waitlist_promoted({ title });
    case 'event_reminder':
      return m.mail_notification_line_event_reminder({ title });
    case 'event_changed':
      return (EVENT_CHANGES[item.detail as keyof typeof EVENT_CHANGES] ?? EVENT_CHANGES.time)(title);
    case 'report_resolved':
      return m.mail_notification_line_report_resolved();
    case 'report_new':
      return m.mail_notification_line_report_new();
    case 'review_waiting':
      return m.mail_notification_line_review_waiting();
  }
}

const KIND_NAMES: Record<NotificationKind, () => string> = {
  reply: () => m.mail_notification_kind_reply(),
  mention: () => m.mail_notification_kind_mention(),
  held_approved: () => m.mail_notification_kind_held_approved(),
  held_rejected: () => m.mail_notification_kind_held_rejected(),
  waitlist_promoted: () => m.mail_notification_kind_waitlist_promoted(),
  event_reminder: () => m.mail_notification_kind_event_reminder(),
  event_changed: () => m.mail_notification_kind_event_changed(),
  report_resolved: () => m.mail_notification_kind_report_resolved(),
  report_new: () => m.mail_notification_kind_report_new(),
  review_waiting: () => m.mail_notification_kind_review_waiting(),
};

/** The kinds a link names, in the language being worded ("replies, mentions"). */
export const kindNames = (kinds: readonly NotificationKind[]) => kinds.map((kind) => KIND_NAMES[kind]()).join(currentLocale() === 'en' ? ', ' : '، ');

/** A notification mail's one-click unsubscribe links: one per kind in it, and one for all of them (the header's). */
export interface UnsubscribeLinks {
  /** The link the List-Unsubscribe header carries: every kind in the mail. */
  all: string;
  perKind: Partial<Record<NotificationKind, string>>;
}

/** The RFC 8058 headers: a mail app's unsubscribe button posts `List-Unsubscribe=One-Click` to the link. */
const oneClickHeaders = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

/** A notification mail's small print: the one-click unsubscribe of each kind in it, and her settings for all of them. */
const notificationFooter = (site: MailSite, links: UnsubscribeLinks) => {
  const settings = link(site, NOTIFICATION_SETTINGS_PATH);
  return [
    ...Object.entries(links.perKind).map(([kind, url]) => ({ text: m.mail_notification_unsubscribe({ kinds: kindNames([kind as NotificationKind]), url }), url })),
    { text: m.mail_notification_settings({ url: settings }), url: settings },
  ];
};

/** Every mail the site sends, by what it is about, each in its recipient's language. */
export const mails = {
  /**
   * The first mail to an address nobody has confirmed: it greets no one by name and holds no
   * field of the application, and its link confirms the address.
   */
  applicationReceived: (site: MailSite, recipient: MailTo, token: string) =>
    to(recipient, (email) =>
      drawMail(site, 'application_received', email, {
        subject: m.mail_application_received_subject({ siteName: site.name }),
        greeting: hi(null),
        paragraphs: [m.mail_application_received_body({ siteName: site.name }), m.mail_application_received_confirm()],
        action: { label: m.mail_application_received_action(), url: link(site, `/verify-email?token=${encodeURIComponent(token)}`) },
        holdsSecret: true,
      }),
    ),

  applicationApproved: (site: MailSite, recipient: MailTo, firstName: string | null) =>
    to(recipient, (email) =>
      drawMail(site, 'application_approved', email, {
        subject: m.mail_application_approved_subject({ siteName: site.name }),
        greeting: hi(firstName),
        paragraphs: [m.mail_application_approved_body({ siteName: site.name })],
        action: { label: m.mail_application_approved_action(), url: link(site, '/login') },
      }),
    ),

  applicationRejected: (site: MailSite, recipient: MailTo, firstName: string | null, reason: string | null) =>
    to(recipient, (email) =>
      drawMail(site, 'application_rejected', email, {
        subject: m.mail_application_rejected_subject({ siteName: site.name }),
        greeting: hi(firstName),
        paragraphs: [m.mail_application_rejected_body(), ...(reason ? [m.mail_application_rejected_note({ reason })] : [])],
      }),
    ),

  /**
   * To the owner of an email someone applied with again: the applicant is answered as if it
   * were new. An applicant still waiting whose address is unconfirmed gets a new confirmation
   * link (`confirmToken`), so a lost or expired first mail can be replaced.
   */
  applicationWithKnownEmail: (site: MailSite, recipient: MailTo, firstName: string | null, stillPending: boolean, confirmToken?: string) =>
    to(recipient, (email) =>
      drawMail(site, 'application_known_email', email, {
        subject: m.mail_known_email_subject({ siteName: site.name }),
        greeting: hi(firstName),
        // An applicant still waiting can't sign in yet: she is told her application is in line.
        paragraphs: stillPending
          ? [m.mail_known_email_pending(), ...(confirmToken ? [m.mail_known_email_pending_confirm()] : []), m.mail_known_email_pending_not_you()]
          : [m.mail_known_email_member(), m.mail_known_email_member_not_you()],
        action: stillPending
          ? confirmToken
            ? { label: m.mail_application_received_action(), url: link(site, `/verify-email?token=${encodeURIComponent(confirmToken)}`) }
            : undefined
          : { label: m.mail_known_email_action(), url: link(site, '/forgot-password') },
        holdsSecret: confirmToken !== undefined,
      }),
    ),

  passwordReset: (site: MailSite, recipient: MailTo, firstName: string | null, token: string) =>
    to(recipient, (email) =>
      drawMail(site, 'password_reset', email, {
        subject: m.mail_password_reset_subject({ siteName: site.name }),
        greeting: hi(firstName),
        paragraphs: [m.mail_password_reset_body(), m.mail_password_reset_not_you()],
        action: { label: m.mail_password_reset_action(), url: link(site, `/reset-password?token=${encodeURIComponent(token)}`) },
        holdsSecret: true,
      }),
    ),

  rsvpConfirmed: (site: MailSite, recipient: MailTo, firstName: string, event: MailEvent, ics: string) =>
    to(recipient, (email) =>
      withCalendar(
        drawMail(site, 'rsvp_confirmed', email, {
          subject: m.mail_rsvp_confirmed_subject({ title: event.title }),
          greeting: hi(firstName),
          paragraphs: [m.mail_rsvp_confirmed_body({ title: event.title }), whenAndWhere(event), m.mail_rsvp_confirmed_cancel()],
          action: { label: m.mail_see_event(), url: link(site, '/events') },
        }),
        ics,
      ),
    ),

  /** A notification mail its cause sends (she gets waitlist spots at once): the event, its .ics, and the kind's one-click unsubscribe. */
  waitlistPromoted: (site: MailSite, recipient: MailTo, firstName: string, event: MailEvent, ics: string, links: UnsubscribeLinks) =>
    to(recipient, (email) => ({
      ...withCalendar(
        drawMail(site, 'waitlist_promoted', email, {
          subject: m.mail_waitlist_promoted_subject({ title: event.title }),
          greeting: hi(firstName),
          paragraphs: [m.mail_waitlist_promoted_body({ title: event.title }), whenAndWhere(event), m.mail_waitlist_promoted_cancel()],
          action: { label: m.mail_see_event(), url: link(site, '/events') },
          footer: notificationFooter(site, links),
          holdsSecret: true,
        }),
        ics,
      ),
      headers: oneClickHeaders(links.all),
    })),

  /** A notification mail its cause sends (she gets reminders at once): the event, its .ics, and the kind's one-click unsubscribe. */
  eventReminder: (site: MailSite, recipient: MailTo, firstName: string, event: MailEvent, ics: string, links: UnsubscribeLinks) =>
    to(recipient, (email) => ({
      ...withCalendar(
        drawMail(site, 'event_reminder', email, {
          subject: m.mail_event_reminder_subject({ title: event.title }),
          greeting: hi(firstName),
          paragraphs: [m.mail_event_reminder_body({ title: event.title }), whenAndWhere(event), m.mail_event_reminder_cancel()],
          action: { label: m.mail_see_event(), url: link(site, '/events') },
          footer: notificationFooter(site, links),
          holdsSecret: true,
        }),
        ics,
      ),
      headers: oneClickHeaders(links.all),
    })),

  newsletterConfirm: (site: MailSite, recipient: MailTo, frequency: keyof typeof CONFIRM_BODY, token: string) =>
    to(recipient, (email) =>
      drawMail(site, 'newsletter_confirm', email, {
        subject: m.mail_newsletter_confirm_subject({ siteName: site.name }),
        greeting: m.mail_greeting_anonymous(),
        paragraphs: [CONFIRM_BODY[frequency](site.name), m.mail_newsletter_confirm_not_you()],
        action: { label: m.mail_newsletter_confirm_action(), url: link(site, `/newsletter/confirm?token=${encodeURIComponent(token)}`) },
        holdsSecret: true,
      }),
    ),

  /** To the old address, once the new one was confirmed. */
  emailChanged: (site: MailSite, recipient: MailTo, firstName: string | null, newEmail: string) =>
    to(recipient, (email) =>
      drawMail(site, 'email_changed', email, {
        subject: m.mail_email_changed_subject({ siteName: site.name }),
        greeting: hi(firstName),
        paragraphs: [m.mail_email_changed_body({ siteName: site.name, newEmail }), m.mail_email_changed_not_you()],
      }),
    ),

  /** To her, after any change to her second factors: what changed, and that her other devices were signed out. */
  secondFactorChanged: (site: MailSite, recipient: MailTo, firstName: string | null, change: SecondFactorChange) =>
    to(recipient, (email) =>
      drawMail(site, 'second_factor_changed', email, {
        subject: m.security_mail_subject({ siteName: site.name }),
        greeting: hi(firstName),
        paragraphs: [SECOND_FACTOR_CHANGES[change.kind](change.name ?? ''), m.security_mail_signed_out(), m.security_mail_not_you()],
        action: { label: m.security_mail_open_settings(), url: link(site, '/settings/profile') },
      }),
    ),

  /** To the owner of an address another member asked to move her account to: she is answered as if the link went out. */
  emailChangeToKnownEmail: (site: MailSite, recipient: MailTo, firstName: string | null) =>
    to(recipient, (email) =>
      drawMail(site, 'email_taken', email, {
        subject: m.mail_email_taken_subject({ siteName: site.name }),
        greeting: hi(firstName),
        paragraphs: [m.mail_email_taken_body({ siteName: site.name }), m.mail_email_taken_not_you()],
      }),
    ),

  /** One notification at once (her mail choice for its kind is 'instant'): what happened, a link to it, and its one-click unsubscribe. */
  notification: (site: MailSite, recipient: MailTo, firstName: string | null, item: MailNotification, links: UnsubscribeLinks) =>
    to(recipient, (email) => ({
      ...drawMail(site, `notification_${item.kind}`, email, {
        subject: notificationLine(item),
        greeting: hi(firstName),
        paragraphs: [notificationLine(item)],
        action: { label: m.mail_notification_open({ siteName: site.name }), url: link(site, item.href) },
        footer: notificationFooter(site, links),
        holdsSecret: true,
      }),
      headers: oneClickHeaders(links.all),
    })),

  /** A period's notifications in one mail, each a line and its link; more than `shown` are counted, not listed. */
  notificationDigest: (site: MailSite, recipient: MailTo, firstName: string | null, period: 'daily' | 'weekly', items: MailNotification[], more: number, links: UnsubscribeLinks) =>
    to(recipient, (email) => ({
      ...drawMail(site, `notification_digest_${period}`, email, {
        subject: period === 'daily' ? m.mail_digest_daily_subject({ siteName: site.name }) : m.mail_digest_weekly_subject({ siteName: site.name }),
        greeting: hi(firstName),
        paragraphs: [
          period === 'daily' ? m.mail_digest_daily_intro() : m.mail_digest_weekly_intro(),
          ...items.map((item) => `• ${notificationLine(item)}: ${link(site, item.href)}`),
          ...(more > 0 ? [m.mail_digest_more({ count: more })] : []),
        ],
        action: { label: m.mail_notification_open({ siteName: site.name }), url: link(site, '/') },
        footer: notificationFooter(site, links),
        holdsSecret: true,
      }),
      headers: oneClickHeaders(links.all),
    })),

  /** To an address nobody has confirmed yet: no name, nothing the member typed. */
  emailChange: (site: MailSite, recipient: MailTo, token: string) =>
    to(recipient, (email) =>
      drawMail(site, 'email_change', email, {
        subject: m.mail_email_change_subject({ siteName: site.name }),
        greeting: hi(null),
        paragraphs: [m.mail_email_change_body({ siteName: site.name }), m.mail_email_change_not_you()],
        action: { label: m.mail_email_change_action(), url: link(site, `/confirm-email?token=${encodeURIComponent(token)}`) },
        holdsSecret: true,
      }),
    ),
};
