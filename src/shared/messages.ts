/**
 * Every user-facing rule and toast text of SPEC.md §5/§8 and DECISIONS.md, once.
 * Server and client both import from here, so the words can't drift apart.
 */
export const messages = {
  signup: {
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Valid email is required',
    passwordLength: 'Password must be at least 8 characters',
    passwordUppercase: 'Password must contain at least one uppercase letter',
    passwordLowercase: 'Password must contain at least one lowercase letter',
    passwordNumber: 'Password must contain at least one number',
    ageRange: 'Age must be between 13 and 100',
    interestsLength: 'Please tell us about your interests (at least 10 characters)',
    bioLength: 'Please write a brief bio (at least 20 characters)',
    success: (siteName: string) =>
      `Application submitted! Thank you for joining ${siteName}! Our admins will review your application and get back to you soon.`,
    genericFailure: 'Something went wrong. Please try again.',
    emailTaken: 'An account with this email already exists',
  },
  login: {
    emailRequired: 'Email is required',
    passwordRequired: 'Password is required',
    invalidCredentials: 'Invalid email or password',
    pending: 'Your application is still under review',
    rejected: 'Your application was not approved',
    successTitle: 'Login Successful',
    successBody: (firstName: string) => `Welcome back, ${firstName}!`,
    failedTitle: 'Login Failed',
    errorTitle: 'Login Error',
    errorBody: 'Something went wrong. Please try again.',
    serverSuccess: 'Login successful',
  },
  adminLogin: {
    emailInvalid: 'Please enter a valid email address',
    emailRequired: 'Email is required',
    passwordRequired: 'Password is required',
    successTitle: 'Login Successful',
    successBody: 'Welcome to the admin panel',
    failedTitle: 'Login Failed',
    failedEmptyBody: 'Login failed',
    failedUnknown: 'Invalid credentials',
  },
  access: {
    authRequired: 'Authentication required',
    adminRequired: 'Admin privileges required',
    accessDeniedTitle: 'Access Denied',
    crossSite: 'Cross-site request refused',
    rateLimited: 'Too many requests. Please wait a minute and try again.',
    unauthorizedTitle: 'Unauthorized',
    loggedOutRelogin: 'You are logged out. Logging in again...',
  },
  http: {
    notFound: 'Not found',
    badRequest: 'Invalid request',
    tooLarge: 'Request is too large',
    unsupportedMediaType: 'Unsupported media type',
    unavailable: 'The service is temporarily unavailable. Please try again shortly.',
    internal: 'Something went wrong. Please try again.',
    invalidId: 'Invalid id',
  },
} as const;
