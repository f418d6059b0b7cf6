import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '#shared/limits';
import { BLOG_CATEGORIES } from '#shared/categories';
import { messages } from '#shared/messages';
import { BLOG_EXCERPT_HINT, BlogFormSchema } from '#shared/schemas/admin';
import { Badge } from '#client/components/ui/badge';
import { DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { formatCount } from '#client/lib/formats';
import { m } from '#i18n/messages';
import { categoryColour, categoryLabel } from '#client/lib/categories';
import { useSession } from '#client/lib/session';
import { trpc, type RouterOutputs } from '#client/trpc';
import { AddButton, ADMIN_PAGE_SIZE, adminListOptions, adminPaging, formatDate, TabHeader, useAdminCallbacks, useFormValues, useSaveCallbacks, validate } from './admin-kit';
import { AdminList, isPendingFor, ItemFormDialog, type ItemDialogState } from './admin-list';
import { CoverImageField } from './cover-image-field';
import { CheckField, SelectField, TextAreaField, TextField } from './fields';
import { CardImage, DialogButtons, ItemCard } from './item-card';
import { MarkdownEditor } from './markdown-editor';

/** The admin list previews 150 characters of the article. */
const PREVIEW_LENGTH = 150;
function preview(content: string) {
  // Markdown markers (headings, emphasis, quotes, list bullets, link targets) would be noise here.
  const text = content
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+])\s+/gm, '')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;
}

type Blog = RouterOutputs['admin']['blogs']['list'][number];

export function BlogsTab() {
  const list = useInfiniteQuery({ ...trpc.admin.blogs.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const [dialog, setDialog] = useState<ItemDialogState<Blog>>(null);
  const deleted = useAdminCallbacks(messages.admin.blogDeleted, trpc.admin.blogs.pathFilter());
  // Blog delete has no confirmation.
  const remove = useMutation(trpc.admin.blogs.delete.mutationOptions(deleted));

  return (
    <section>
      <TabHeader
        title={m.admin_blogs_title()}
        action={<AddButton icon={PenLine} label={m.admin_blogs_add()} onClick={() => setDialog({})} />}
      />
      <AdminList query={list} empty={m.admin_blogs_empty()} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {(blog) => (
          <ItemCard
            name={blog.title}
            title={blog.title}
            media={<CardImage src={blog.coverImageUrl} />}
            badges={
              <>
                <Badge variant={blog.isPublished ? 'success' : 'muted'}>{blog.isPublished ? m.admin_common_badge_published() : m.admin_common_badge_draft()}</Badge>
                <Badge className={categoryColour(blog.category)}>{categoryLabel(blog.category)}</Badge>
              </>
            }
            meta={`${m.admin_blogs_by({ name: blog.authorName })} · ${formatDate(blog.createdAt)} · ${`${m.admin_likes_count({ count: blog.likesCount })} · ${m.admin_comments_count({ count: blog.commentsCount })}`}`}
            onEdit={() => setDialog({ item: blog })}
            onDelete={() => remove.mutate({ id: blog.id })}
            deleting={isPendingFor(remove, blog.id)}
          >
            <p>{preview(blog.content)}</p>
          </ItemCard>
        )}
      </AdminList>
      <ItemFormDialog state={dialog} onClose={() => setDialog(null)} className="max-w-5xl">
        {(blog) => <BlogForm blog={blog} onDone={() => setDialog(null)} />}
      </ItemFormDialog>
    </section>
  );
}

function BlogForm({ blog, onDone }: { blog?: Blog; onDone: () => void }) {
  const { user } = useSession();
  const { values, set, errors, setErrors } = useFormValues({
    title: blog?.title ?? '',
    content: blog?.content ?? '',
    excerpt: blog?.excerpt ?? '',
    category: blog?.category ?? '',
    // The author name defaults to the admin's full name.
    authorName: blog?.authorName ?? (user ? `${user.firstName} ${user.lastName}` : ''),
    coverImageUrl: blog?.coverImageUrl ?? '',
    tags: blog?.tags.join(', ') ?? '',
    isPublished: blog?.isPublished ?? false,
  });
  const saved = useSaveCallbacks(onDone, trpc.admin.blogs.pathFilter());
  const create = useMutation(trpc.admin.blogs.create.mutationOptions(saved(messages.admin.blogCreated)));
  const update = useMutation(trpc.admin.blogs.update.mutationOptions(saved(messages.admin.blogUpdated)));
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(BlogFormSchema, values);
    if (result.errors) return setErrors(result.errors);
    // Missing tags and cover go as empty strings; the server stores them as none.
    const payload = { ...values, category: result.data.category };
    if (blog) update.mutate({ id: blog.id, ...payload });
    else create.mutate(payload);
  }

  const excerptLength = values.excerpt.trim().length;
  const excerptInRange = excerptLength >= BLOG_EXCERPT_HINT.min && excerptLength <= BLOG_EXCERPT_HINT.max;
  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{blog ? m.admin_blogs_edit_title() : m.admin_blogs_add()}</DialogTitle>
        <DialogDescription>{m.admin_blogs_description()}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-5">
        <div className="grid gap-5 lg:grid-cols-[1fr_22rem]">
          <div className="grid content-start gap-4">
            <TextField id="blog-title" label={m.admin_field_title()} limit={TEXT_LIMITS.itemTitle} value={values.title} error={errors.title} onChange={(v) => set('title', v)} />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField id="blog-category" label={m.admin_field_category()} placeholder={m.admin_field_category_placeholder()} options={BLOG_CATEGORIES} value={values.category} error={errors.category} onChange={(v) => set('category', v)} />
              <TextField id="blog-authorName" label={m.admin_blogs_author_name()} limit={TEXT_LIMITS.authorName} value={values.authorName} error={errors.authorName} onChange={(v) => set('authorName', v)} />
            </div>
            <TextAreaField
              id="blog-excerpt"
              label={m.admin_blogs_excerpt()}
              rows={4}
              limit={TEXT_LIMITS.blogExcerpt}
              hint={m.admin_blogs_excerpt_hint({ count: formatCount(excerptLength) })}
              value={values.excerpt}
              error={errors.excerpt}
              onChange={(v) => set('excerpt', v)}
              className={excerptLength > 0 && !excerptInRange ? 'border-amber-500' : undefined}
            />
            <TextField id="blog-tags" label={`${m.admin_field_tags()} ${m.admin_common_optional()}`} hint={m.admin_common_comma_separated()} value={values.tags} error={errors.tags} onChange={(v) => set('tags', v)} />
          </div>
          <CoverImageField value={values.coverImageUrl} error={errors.coverImageUrl} onChange={(v) => set('coverImageUrl', v)} />
        </div>
        <MarkdownEditor value={values.content} error={errors.content} onChange={(v) => set('content', v)} />
        <CheckField id="blog-isPublished" label={blog ? m.admin_blogs_published() : m.admin_blogs_publish_now()} checked={values.isPublished} onChange={(v) => set('isPublished', v)} />
      </div>
      <DialogButtons creating={!blog} pending={pending} onCancel={onDone} createLabel={m.admin_blogs_add()} updateLabel={m.admin_account_update()} />
    </form>
  );
}
