import { ImageOff, ImagePlus, X } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { messages } from '#shared/messages';
import { COVER_IMAGE_MAX_BYTES, isCoverValue, isDataUrl } from '#shared/schemas/admin';
import { Field } from '#client/components/field';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { cn } from '#client/lib/utils';
import { fieldA11y, useRelogin } from './admin-kit';

const uploadsTexts = messages.uploads;

/** POST /api/uploads: the server checks the bytes and answers the image's own URL. */
async function uploadImage(file: File): Promise<{ ok: true; url: string } | { ok: false; status: number; message?: string }> {
  const body = new FormData();
  body.append('file', file);
  try {
    // Multipart file upload: the one admin call that is not JSON, so it goes to the REST adapter.
    // eslint-disable-next-line no-restricted-globals
    const response = await fetch('/api/uploads', { method: 'POST', body, credentials: 'same-origin' });
    const answer = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
    return response.ok && answer.url ? { ok: true, url: answer.url } : { ok: false, status: response.status, message: answer.message };
  } catch {
    return { ok: false, status: 0 };
  }
}

/**
 * Checks a picked or dropped file here (the quick answer; the server checks it again by
 * content), uploads it and hands its URL to `onUploaded`.
 */
function useImageUpload(onUploaded: (url: string) => void) {
  const relogin = useRelogin();
  const [uploading, setUploading] = useState(false);

  async function accept(file: File | undefined, dropped: boolean) {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: uploadsTexts.failedTitle, description: dropped ? uploadsTexts.droppedNotAnImage : uploadsTexts.notAnImage, variant: 'destructive' });
      return;
    }
    if (file.size > COVER_IMAGE_MAX_BYTES) {
      toast({ title: uploadsTexts.failedTitle, description: uploadsTexts.tooLarge, variant: 'destructive' });
      return;
    }
    setUploading(true);
    const result = await uploadImage(file);
    setUploading(false);
    if (result.ok) {
      onUploaded(result.url);
      toast({ title: uploadsTexts.uploadedTitle });
    } else if (result.status === 401) {
      relogin();
    } else {
      toast({ title: uploadsTexts.failedTitle, description: result.message ?? uploadsTexts.uploadFailed, variant: 'destructive' });
    }
  }
  return { uploading, accept };
}

/** The file picker's button, with its input kept out of sight and out of the tab order. */
function ChooseFileButton({ uploading, onFile }: { uploading: boolean; onFile: (file: File | undefined) => void }) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outline" size="sm" disabled={uploading} onClick={() => picker.current?.click()}>
        <ImagePlus aria-hidden="true" />
        {uploading ? m.admin_blogs_uploading() : m.admin_blogs_choose_file()}
      </Button>
      <input
        ref={picker}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={m.admin_blogs_choose_file()}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
}

/**
 * Beside a list of image addresses (a listing's, an event's): an uploaded file's URL joins the
 * end of the list, as it stands when the upload ends.
 */
export function AddImageButton({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const { uploading, accept } = useImageUpload((url) => onChange(latest.current.trim() ? `${latest.current.trim().replace(/,$/, '')}, ${url}` : url));
  return (
    <div className="-mt-2 flex flex-wrap items-center gap-3">
      <ChooseFileButton uploading={uploading} onFile={(file) => void accept(file, false)} />
    </div>
  );
}

/** The cover: file picker, drag and drop, or a URL. */
export function CoverImageField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const [dragging, setDragging] = useState(false);
  const [broken, setBroken] = useState(false);
  const preview = value && isCoverValue(value) ? value : '';
  useEffect(() => setBroken(false), [preview]);
  const { uploading, accept } = useImageUpload(onChange);

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0], true);
  }

  return (
    <div className="grid content-start gap-3">
      <span className="text-sm font-semibold">{m.admin_blogs_cover()}</span>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn('relative grid aspect-[2/1] w-full place-items-center overflow-hidden rounded-xl border-2 border-dashed border-border bg-muted/40', dragging && 'border-primary bg-secondary/40')}
      >
        {preview && !broken ? (
          <img src={preview} alt={m.admin_blogs_cover_alt()} className="size-full object-cover" onError={() => setBroken(true)} />
        ) : preview && broken ? (
          <div className="grid justify-items-center gap-2 text-muted-foreground">
            <ImageOff className="size-8" aria-hidden="true" />
            <span className="font-semibold">{m.admin_blogs_image_not_found()}</span>
          </div>
        ) : (
          <div className="grid justify-items-center gap-1 p-4 text-center text-muted-foreground">
            <ImagePlus className="size-8" aria-hidden="true" />
            <span className="font-semibold">{m.admin_blogs_no_image()}</span>
            <span className="text-xs">{m.admin_blogs_recommended_size()}</span>
          </div>
        )}
        {preview ? (
          <button
            type="button"
            aria-label={m.admin_blogs_remove_image()}
            onClick={() => {
              onChange('');
              toast({ title: uploadsTexts.removedTitle });
            }}
            className="absolute end-2 top-2 flex size-8 cursor-pointer items-center justify-center rounded-full bg-red-600 text-white shadow hover:bg-red-700 focus-visible:outline-3 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <ChooseFileButton uploading={uploading} onFile={(file) => void accept(file, false)} />
        <span className="text-xs text-muted-foreground">{m.admin_blogs_drop_hint()}</span>
      </div>
      <Field id="blog-cover-url" label={m.admin_blogs_cover_url()} error={error}>
        <Input
          {...fieldA11y('blog-cover-url', error)}
          type="url"
          dir="ltr"
          placeholder="https://…"
          value={isDataUrl(value) ? '' : value}
          onChange={(event) => onChange(event.target.value.trim())}
        />
      </Field>
    </div>
  );
}
