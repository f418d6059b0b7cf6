import { describe, expect, it } from 'vitest';
import { linkedCommentId, mustLoadTowardLink } from './linked-comment';

describe('linkedCommentId', () => {
  it('reads the comment a link names, with or without the #', () => {
    expect(linkedCommentId('#comment-345')).toBe(345);
    expect(linkedCommentId('comment-7')).toBe(7);
  });

  it('names none for another fragment or none at all', () => {
    for (const hash of ['', '#post-12', '#comment-', '#comment-0', '#comment-12x', '#comment-1 2', '#comment-٣', '#comment-12345678901']) expect(linkedCommentId(hash)).toBeNull();
  });
});

describe('mustLoadTowardLink', () => {
  const more = { hasNextPage: true, isFetching: false };
  const firstPage = Array.from({ length: 50 }, (_, index) => 101 + index);

  it('loads the next page while every loaded comment is older than the linked one', () => {
    expect(mustLoadTowardLink(160, firstPage, more)).toBe(true);
  });

  it('stops once the linked comment is loaded', () => {
    expect(mustLoadTowardLink(120, firstPage, more)).toBe(false);
  });

  it('stops at the first page past a linked comment she cannot see', () => {
    expect(mustLoadTowardLink(99, firstPage, more)).toBe(false);
    expect(mustLoadTowardLink(140, firstPage.filter((id) => id !== 140), more)).toBe(false);
  });

  it('asks once at a time, not while the loaded pages are read again, and never past the last page', () => {
    expect(mustLoadTowardLink(160, firstPage, { hasNextPage: true, isFetching: true })).toBe(false);
    expect(mustLoadTowardLink(160, firstPage, { hasNextPage: false, isFetching: false })).toBe(false);
  });
});
