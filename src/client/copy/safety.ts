import { m } from '#i18n/messages';
import type { ReportReason, ReportTargetType } from '#shared/moderation';

/**
 * Screen copy of reporting and blocking; loaded with the menus, dialogs and page that use it.
 * Getters over the messages: read at render time, so each page is in its own language.
 */
export const safetyCopy = {
  more: {
    /** The "more" button's label: "More actions for Zeina F.'s post". */
    label: (name: string, isPost: boolean) => (isPost ? m.safety_more_label_post({ name }) : m.safety_more_label_comment({ name })),
    get reportPost() { return m.safety_more_report_post(); },
    get reportComment() { return m.safety_more_report_comment(); },
    reportMember: (name: string) => m.safety_report_member({ name }),
    blockMember: (name: string) => m.safety_more_block_member({ name }),
  },
  report: {
    titles: {
      get post() { return m.safety_report_title_post(); },
      get comment() { return m.safety_report_title_comment(); },
      get listing() { return m.safety_report_title_listing(); },
      member: (name: string) => m.safety_report_member({ name }),
    },
    /** The listing card's button. */
    listingLabel: (name: string) => m.safety_report_member({ name }),
    get description() { return m.safety_report_description(); },
    get reasonLegend() { return m.safety_report_reason_legend(); },
    reasons: {
      get harassment() { return m.safety_reason_harassment(); },
      get spam() { return m.safety_reason_spam(); },
      get inappropriate() { return m.safety_reason_inappropriate(); },
      get 'self-harm'() { return m.safety_reason_self_harm(); },
      get other() { return m.safety_reason_other(); },
    } satisfies Record<ReportReason, string>,
    get reasonRequired() { return m.safety_report_reason_required(); },
    get selfHarmHelp() { return m.safety_report_self_harm_help(); },
    get details() { return m.safety_report_details(); },
    detailsCount: (length: number, max: number) => m.safety_report_details_count({ length, max }),
    get cancel() { return m.safety_cancel(); },
    get submit() { return m.safety_report_submit(); },
    get busy() { return m.safety_report_busy(); },
    get sentTitle() { return m.safety_report_sent_title(); },
  },
  block: {
    title: (name: string) => m.safety_block_title({ name }),
    get body() { return m.safety_block_body(); },
    get cancel() { return m.safety_cancel(); },
    get confirm() { return m.safety_block_confirm(); },
    get busy() { return m.safety_block_busy(); },
    get doneTitle() { return m.safety_block_done_title(); },
    get failedTitle() { return m.safety_block_failed_title(); },
  },
  held: {
    /** The toast's title when her post or comment waits for a moderator (the server gives the text). */
    get title() { return m.safety_held_title(); },
  },
  page: {
    get title() { return m.safety_page_title(); },
    get subtitle() { return m.safety_page_subtitle(); },
    get menuLink() { return m.safety_page_title(); },
    get signInTitle() { return m.safety_page_sign_in_title(); },
    get reportsTitle() { return m.safety_page_reports_title(); },
    get reportsEmpty() { return m.safety_page_reports_empty(); },
    get reportsEmptyHint() { return m.safety_page_reports_empty_hint(); },
    targetTypes: {
      get forum_post() { return m.safety_target_forum_post(); },
      get forum_comment() { return m.safety_target_forum_comment(); },
      get podcast_comment() { return m.safety_target_podcast_comment(); },
      get blog_comment() { return m.safety_target_blog_comment(); },
      get listing() { return m.safety_target_listing(); },
      get member() { return m.safety_target_member(); },
    } satisfies Record<ReportTargetType, string>,
    /** What she reported is gone, hidden or was removed: its words are no longer shown. */
    get labelGone() { return m.safety_page_label_gone(); },
    /** A reported comment is quoted: its first words, not a title or a name. */
    quoted: (text: string) => m.safety_page_quoted({ text }),
    get reason() { return m.safety_page_reason(); },
    get yourNote() { return m.safety_page_your_note(); },
    get reported() { return m.safety_page_reported(); },
    status: {
      get open() { return m.safety_status_open(); },
      get resolved() { return m.safety_status_resolved(); },
    },
    get blocksTitle() { return m.safety_page_blocks_title(); },
    get blocksEmpty() { return m.safety_page_blocks_empty(); },
    get blocksHint() { return m.safety_page_blocks_hint(); },
    blockedOn: (date: string) => m.safety_page_blocked_on({ date }),
    get unblock() { return m.safety_page_unblock(); },
    unblockLabel: (name: string) => m.safety_page_unblock_label({ name }),
    get unblockBusy() { return m.safety_page_unblock_busy(); },
    get failedTitle() { return m.safety_page_failed_title(); },
    get loadFailed() { return m.safety_page_load_failed(); },
    get retry() { return m.safety_page_retry(); },
    get loadMore() { return m.safety_page_load_more(); },
    get loadingMore() { return m.safety_page_loading_more(); },
  },
};
