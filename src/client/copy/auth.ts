/** Screen copy of login; loaded with the screens that use it, not with the site shell. */
export const loginCopy = {
    title: 'Welcome back',
    subtitle: 'Sign in to your Bloom Circle account',
    email: 'Email',
    password: 'Password',
    keepLoggedIn: 'Keep me logged in for 30 days',
    submit: 'Sign In',
    busy: 'Signing in...',
    backHome: 'Back to Home',
    noAccount: 'New here?',
    join: 'Join Our Community',
    approvalNote: 'New members go through a quick approval process before they can sign in.',
};

/** Screen copy of signup; loaded with the screens that use it, not with the site shell. */
export const signupCopy = {
    title: 'Join Our Community',
    subtitle: 'Tell us a little about yourself. A moderator reviews every application.',
    personal: 'Personal Information',
    about: 'Tell Us About Yourself',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    password: 'Password',
    passwordHint: 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.',
    age: 'Age',
    ageHint: 'Members are 13 or older.',
    interests: 'Interests and hobbies',
    interestsPlaceholder: 'What do you love doing? (at least 10 characters)',
    bio: 'Brief bio',
    bioPlaceholder: 'Tell us about yourself and what you hope to find here (at least 20 characters)',
    /** The label reads 'I agree to the community guidelines'; its last words link to them. */
    acceptGuidelinesLead: 'I agree to the ',
    acceptGuidelinesLink: 'community guidelines',
    submit: 'Submit Application',
    busy: 'Submitting Application...',
    backToLogin: 'Back to Login',
    haveAccount: 'Already a member?',
    signInInstead: 'Sign In Instead',
    /** The panel that replaces the form once her application is in. */
    sent: {
        title: 'Thank you for applying',
        nextTitle: 'What happens next',
        next: (email: string) => [
            'A moderator reads your application. We review every one by hand.',
            `We email you at ${email} as soon as it has been decided.`,
            'Once you are approved, sign in with the email and password you just chose.',
        ],
        home: 'Back to Home',
    },
};

/** Screen copy of adminLogin; loaded with the screens that use it, not with the site shell. */
export const adminLoginCopy = {
    title: 'Admin sign-in',
    subtitle: 'For Bloom Circle moderators',
    email: 'Email',
    password: 'Password',
    keepLoggedIn: 'Keep me logged in for 30 days',
    submit: 'Sign In',
    busy: 'Signing in...',
    back: 'Back to main site',
};
