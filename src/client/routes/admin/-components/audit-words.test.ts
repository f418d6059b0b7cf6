import { describe, expect, it } from 'vitest';
import { readableAction, summaryText } from './audit-words';

describe('the audit tab names an action', () => {
  it("by its area and verb, a staff action through a members' procedure included", () => {
    expect(readableAction('admin.users.setApproval')).toBe('Users · set approval');
    expect(readableAction('admin.newsletter.issues.send')).toBe('Newsletter · issues send');
    expect(readableAction('content.comments.delete')).toBe('Comments · delete');
    expect(readableAction('content.forum.delete')).toBe('Forum · delete');
  });

  it('shows a summary in words as it is, and an older entry without the path it starts with', () => {
    expect(summaryText({ action: 'admin.users.setApproval', summary: "Approved Zeina F.'s application" })).toBe("Approved Zeina F.'s application");
    expect(summaryText({ action: 'admin.podcasts.create', summary: 'admin.podcasts.create: Finding your voice #12' })).toBe('Finding your voice #12');
    expect(summaryText({ action: 'admin.uploads.create', summary: 'admin.uploads.create' })).toBe('');
  });
});
