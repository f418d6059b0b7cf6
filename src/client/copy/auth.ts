import { m } from '#i18n/messages';

/*
 * Screen copy of the sign-in, application and admin sign-in forms; loaded with the screens that
 * use it, not with the site shell. Each text is a getter over its message (messages/auth),
 * worded when the screen reads it.
 */

/** Screen copy of login. */
export const loginCopy = {
  get title() { return m.auth_login_title(); },
  get subtitle() { return m.auth_login_subtitle(); },
  get email() { return m.auth_email(); },
  get password() { return m.auth_password(); },
  get keepLoggedIn() { return m.auth_keep_logged_in(); },
  get submit() { return m.auth_sign_in(); },
  get busy() { return m.auth_signing_in(); },
  get backHome() { return m.auth_back_home(); },
  get noAccount() { return m.auth_login_no_account(); },
  get join() { return m.auth_join(); },
  get approvalNote() { return m.auth_login_approval_note(); },
};

/** Screen copy of signup. */
export const signupCopy = {
  get title() { return m.auth_join(); },
  get subtitle() { return m.auth_signup_subtitle(); },
  get personal() { return m.auth_signup_personal(); },
  get about() { return m.auth_signup_about(); },
  get firstName() { return m.auth_signup_first_name(); },
  get lastName() { return m.auth_signup_last_name(); },
  get email() { return m.auth_email(); },
  get password() { return m.auth_password(); },
  get passwordHint() { return m.auth_signup_password_hint(); },
  get age() { return m.auth_signup_age(); },
  get ageHint() { return m.auth_signup_age_hint(); },
  get interests() { return m.auth_signup_interests(); },
  get interestsPlaceholder() { return m.auth_signup_interests_placeholder(); },
  get bio() { return m.auth_signup_bio(); },
  get bioPlaceholder() { return m.auth_signup_bio_placeholder(); },
  /** The label reads 'I agree to the community guidelines'; its last words link to them. */
  get acceptGuidelinesLead() { return m.auth_signup_accept_guidelines_lead(); },
  get acceptGuidelinesLink() { return m.auth_signup_accept_guidelines_link(); },
  get submit() { return m.auth_signup_submit(); },
  get busy() { return m.auth_signup_busy(); },
  get backToLogin() { return m.auth_signup_back_to_login(); },
  get haveAccount() { return m.auth_signup_have_account(); },
  get signInInstead() { return m.auth_signup_sign_in_instead(); },
  /** The panel that replaces the form once her application is in. */
  sent: {
    get title() { return m.auth_signup_sent_title(); },
    get nextTitle() { return m.auth_signup_sent_next_title(); },
    next: (email: string) => [m.auth_signup_sent_next_review(), m.auth_signup_sent_next_email({ email }), m.auth_signup_sent_next_sign_in()],
    get home() { return m.auth_back_home(); },
  },
};

/** Screen copy of adminLogin. */
export const adminLoginCopy = {
  get title() { return m.auth_admin_login_title(); },
  get subtitle() { return m.auth_admin_login_subtitle(); },
  get email() { return m.auth_email(); },
  get password() { return m.auth_password(); },
  get keepLoggedIn() { return m.auth_keep_logged_in(); },
  get submit() { return m.auth_sign_in(); },
  get busy() { return m.auth_signing_in(); },
  get back() { return m.auth_admin_login_back(); },
};
