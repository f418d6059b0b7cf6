import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { FORUM_CATEGORIES } from '#shared/categories';
import type { ForumCategory } from '#shared/schemas/community';
import { Field } from '#client/components/field';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { OptionSelect } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { carriedTexts, useDraftOfferedForReload } from '#client/lib/carried-draft';
import { errorMessage, errorField, isUnauthenticated } from '#client/lib/errors';
import { describedBy, useFormErrors } from '#client/lib/form-errors';
import { loadCommunitySchemas } from '#client/lib/form-schemas';
import { trpc } from '#client/trpc';
import { refreshForum } from './forum-cache';
import { askToSignIn } from './sign-in';
import { FORUM_LIMITS } from '#shared/limits';
import { FORUM_CATEGORY_LABELS } from '#client/lib/labels';


const FIELD_IDS = { title: 'post-title', category: 'post-category', content: 'post-content' };

/** What a post being written carries over a language switch's page load (lib/carried-draft.ts). */
export interface PostDraft {
  title: string;
  category: ForumCategory;
  content: string;
}

/** The name the new post's draft is carried under. */
export const POST_DRAFT = 'forum-post';

/** A carried value that is a post draft, else undefined (storage is the browser's to change). */
export function postDraftFrom(value: unknown): PostDraft | undefined {
  const texts = carriedTexts(value, ['title', 'category', 'content'] as const);
  if (!texts || !(FORUM_CATEGORIES as readonly string[]).includes(texts.category)) return undefined;
  return { ...texts, category: texts.category as ForumCategory };
}

/**
 * The create form: same schema as the server, so the same first message shows. `onDone` closes
 * the form: with the new post's id once it is published, so the page can move to it. `draft` is
 * what she was writing before a language switch loaded the page again.
 */
export function NewPostForm({ id, initialTitle, draft, onDone }: { id: string; initialTitle: string; draft?: PostDraft; onDone: (postId?: number) => void }) {
  const [title, setTitle] = useState(draft?.title ?? initialTitle);
  const [category, setCategory] = useState<ForumCategory>(draft?.category ?? 'general');
  const [content, setContent] = useState(draft?.content ?? '');
  // Offered to the next language switch while the form is open and she has typed something (a
  // title given by the page, such as an event idea's, is the page's own and comes in the new language).
  const hasTyped = (title.trim() !== '' && title !== initialTitle) || content.trim() !== '';
  useDraftOfferedForReload(POST_DRAFT, hasTyped ? ({ title, category, content } satisfies PostDraft) : undefined);
  // Her change answers that field's message; the others stay until she sends again.
  const { errors, check, showFailure, clear: changed } = useFormErrors(FIELD_IDS);

  const create = useMutation(
    trpc.content.forum.create.mutationOptions({
      onSuccess: async (post) => {
        // A post that waits for a moderator says so (the server's words) instead of 'published'.
        toast(post.message ? { title: m.safety_held_title(), description: post.message } : { title: messages.forum.publishedTitle, description: messages.forum.publishedBody });
        await refreshForum();
        onDone(post.id);
      },
      onError: (failure) => {
        if (isUnauthenticated(failure)) return askToSignIn(messages.forum.signInToPost);
        // The server's rules for a field show at that field; anything else (blocked words, too many posts) as a toast.
        if (!errorField(failure)) return toast({ title: messages.comments.errorTitle, description: errorMessage(failure), variant: 'destructive' });
        showFailure(failure);
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { ForumPostCreateSchema } = await loadCommunitySchemas();
    const data = check(ForumPostCreateSchema, { title, content, category });
    if (data) create.mutate(data);
  }

  return (
    <Card id={id}>
      <CardHeader>
        <h2 className="text-xl font-semibold">{m.community_forum_form_title()}</h2>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void submit(event)} onFocus={() => void loadCommunitySchemas()} noValidate className="grid gap-5">
          <Field id="post-title" label={m.community_forum_post_title()} error={errors.title} count={{ value: title, max: FORUM_LIMITS.titleMax }}>
            <Input
              id="post-title"
              value={title}
              dir="auto"
              placeholder={m.community_forum_post_title_placeholder()}
              autoFocus
              onChange={(e) => {
                setTitle(e.target.value);
                changed('title');
              }}
              {...describedBy('post-title', { error: errors.title })}
            />
          </Field>
          <Field id="post-category" label={m.community_forum_category()} error={errors.category}>
            <OptionSelect id="post-category" value={category} options={FORUM_CATEGORIES} labelOf={(value) => FORUM_CATEGORY_LABELS[value]()} onValueChange={setCategory} />
          </Field>
          <Field id="post-content" label={m.community_forum_message()} error={errors.content} count={{ value: content, max: FORUM_LIMITS.contentMax }}>
            <Textarea
              id="post-content"
              rows={5}
              dir="auto"
              value={content}
              placeholder={m.community_forum_message_placeholder()}
              onChange={(e) => {
                setContent(e.target.value);
                changed('content');
              }}
              {...describedBy('post-content', { error: errors.content })}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => onDone()}>
              {m.community_cancel()}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? m.community_forum_busy() : m.community_forum_publish()}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
