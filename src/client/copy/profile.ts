/** Screen copy of profile; loaded with the screens that use it, not with the site shell. */
export const profileCopy = {
    title: 'Profile Settings',
    description: 'Your account details as our moderators see them.',
    name: 'Name',
    email: 'Email',
    note: 'To change your details, write to a moderator. Self-service editing is on its way.',
    close: 'Close',
};
