import { TEXT_LIMITS } from '#shared/limits';
import { Bold, Heading2, Italic, Link2, List, Quote } from 'lucide-react';
import { useRef } from 'react';
import { useSelectionAfterWrite } from '#client/lib/use-selection-after-write';
import { Markdown } from '#client/components/markdown';
import { Field } from '#client/components/field';
import { Textarea } from '#client/components/ui/textarea';
import { m } from '#i18n/messages';
import { fieldA11y } from './admin-kit';

const blogsToolbar = {
  bold: m.admin_blogs_toolbar_bold,
  italic: m.admin_blogs_toolbar_italic,
  heading: m.admin_blogs_toolbar_heading,
  list: m.admin_blogs_toolbar_list,
  link: m.admin_blogs_toolbar_link,
  quote: m.admin_blogs_toolbar_quote,
};

type Edit = (text: string, start: number, end: number) => { text: string; start: number; end: number };

/** Wraps the selection (or a placeholder word) in markers, keeping the inner text selected. */
const wrap =
  (before: string, after: string, placeholder: () => string): Edit =>
  (text, start, end) => {
    const inner = text.slice(start, end) || placeholder();
    return { text: text.slice(0, start) + before + inner + after + text.slice(end), start: start + before.length, end: start + before.length + inner.length };
  };

/** Puts a prefix at the start of every line the selection touches. */
const prefixLines =
  (prefix: string): Edit =>
  (text, start, end) => {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const block = text.slice(lineStart, end);
    const prefixed = block
      .split('\n')
      .map((line) => prefix + line)
      .join('\n');
    return { text: text.slice(0, lineStart) + prefixed + text.slice(end), start: lineStart, end: lineStart + prefixed.length };
  };

const TOOLS = [
  { key: 'bold', Icon: Bold, edit: wrap('**', '**', () => m.admin_blogs_placeholder_bold()) },
  { key: 'italic', Icon: Italic, edit: wrap('*', '*', () => m.admin_blogs_placeholder_italic()) },
  { key: 'heading', Icon: Heading2, edit: prefixLines('## ') },
  { key: 'list', Icon: List, edit: prefixLines('- ') },
  { key: 'link', Icon: Link2, edit: wrap('[', '](https://)', () => m.admin_blogs_placeholder_link()) },
  { key: 'quote', Icon: Quote, edit: prefixLines('> ') },
] as const;

/** The blog content area: markdown helpers acting on the selection, and a live preview. */
export function MarkdownEditor({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const area = useRef<HTMLTextAreaElement>(null);
  // The text a tool wrote stays selected, in the box, ready to be typed over.
  const select = useSelectionAfterWrite(value);

  function apply(edit: Edit) {
    const element = area.current;
    if (!element) return;
    const next = edit(value, element.selectionStart, element.selectionEnd);
    select(element, next.text, next.start, next.end);
    onChange(next.text);
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Field id="blog-content" label={m.admin_blogs_content()} error={error} count={{ value, max: TEXT_LIMITS.blogContent }}>
        <div role="toolbar" aria-label={m.admin_blogs_toolbar_label()} aria-controls="blog-content" className="flex flex-wrap gap-1 rounded-xl border border-border bg-muted/50 p-1">
          {TOOLS.map(({ key, Icon, edit }) => (
            <button
              key={key}
              type="button"
              aria-label={blogsToolbar[key]()}
              title={blogsToolbar[key]()}
              onClick={() => apply(edit)}
              className="flex size-9 cursor-pointer items-center justify-center rounded-lg text-foreground hover:bg-card focus-visible:outline-3 focus-visible:outline-ring"
            >
              <Icon className="size-4" aria-hidden="true" />
            </button>
          ))}
        </div>
        <Textarea ref={area} {...fieldA11y('blog-content', error)} rows={16} dir="auto" className="font-mono text-sm" value={value} onChange={(event) => onChange(event.target.value)} />
      </Field>
      <div className="grid content-start gap-2">
        <h3 id="blog-preview-label" className="text-sm font-semibold">
          {m.admin_blogs_preview()}
        </h3>
        <div aria-labelledby="blog-preview-label" role="region" dir="auto" className="min-h-40 rounded-xl border border-border bg-background p-4 lg:max-h-[26rem] lg:overflow-y-auto">
          {value.trim() ? <Markdown source={value} /> : <p className="text-sm text-muted-foreground">{m.admin_blogs_preview_empty()}</p>}
        </div>
      </div>
    </div>
  );
}
