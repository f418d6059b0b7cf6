import { m } from '#i18n/messages';

/**
 * Two-factor sign-in's rule and answer texts: the second step, her factors, and staff without
 * one. Apart from messages.ts, which the landing page loads: only the server words these.
 * Getters, read in the request's language (see messages.ts).
 */
export const twoFactorMessages = {
  get secondStepNeeded() { return m.security_second_step_needed(); },
  get codeWrong() { return m.security_code_wrong(); },
  get locked() { return m.security_locked(); },
  get signInExpired() { return m.security_sign_in_expired(); },
  get staffRequired() { return m.security_staff_required(); },
  get totpAlreadyOn() { return m.security_totp_already_on(); },
  get totpSetupFirst() { return m.security_totp_setup_first(); },
  get totpOn() { return m.security_totp_on(); },
  get totpOff() { return m.security_totp_off(); },
  get totpNotOn() { return m.security_totp_not_on(); },
  get recoveryNew() { return m.security_recovery_new(); },
  get recoveryNeedsFactor() { return m.security_recovery_needs_factor(); },
  get passkeyAdded() { return m.security_passkey_added(); },
  get passkeyRemoved() { return m.security_passkey_removed(); },
  get passkeyNotFound() { return m.security_passkey_not_found(); },
  get passkeyFailed() { return m.security_passkey_failed(); },
  get passkeyStartAgain() { return m.security_passkey_start_again(); },
  get passkeyLimit() { return m.security_passkey_limit(); },
  get passkeyNone() { return m.security_passkey_none(); },
};
